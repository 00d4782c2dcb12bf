import { zxyToTileId } from 'pmtiles';

/**
 * Writes a small PMTiles v3 archive (no compression, one root directory), enough for a reader to find tiles by
 * range requests. The `pmtiles` package only reads archives, and no real one can be downloaded here.
 */
export function writePmtiles(
  tiles: { z: number; x: number; y: number; data: Uint8Array }[],
  opts: { tileType?: number; bounds?: [number, number, number, number]; metadata?: object } = {},
): Buffer {
  const sorted = tiles.map((t) => ({ ...t, id: zxyToTileId(t.z, t.x, t.y) })).sort((a, b) => a.id - b.id);
  let offset = 0;
  const entries = sorted.map((t) => {
    const entry = { id: t.id, offset, length: t.data.length };
    offset += t.data.length;
    return entry;
  });
  const dir: number[] = [];
  const varint = (n: number) => {
    while (n >= 0x80) {
      dir.push((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    dir.push(n);
  };
  varint(entries.length);
  let last = 0;
  for (const e of entries) {
    varint(e.id - last);
    last = e.id;
  }
  for (const _ of entries) varint(1); // run lengths
  for (const e of entries) varint(e.length);
  entries.forEach((e, i) => varint(i > 0 ? 0 : e.offset + 1)); // 0: right after the previous tile
  const directory = Buffer.from(dir);
  const metadata = Buffer.from(JSON.stringify(opts.metadata ?? {}));
  const tileData = Buffer.concat(sorted.map((t) => t.data));

  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (at: number, n: number) => header.writeBigUInt64LE(BigInt(n), at);
  u64(8, 127);
  u64(16, directory.length);
  u64(24, 127 + directory.length);
  u64(32, metadata.length);
  u64(40, 0);
  u64(48, 0);
  u64(56, 127 + directory.length + metadata.length);
  u64(64, tileData.length);
  u64(72, entries.length);
  u64(80, entries.length);
  u64(88, entries.length);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(opts.tileType ?? 1, 99); // 1: MVT
  const zooms = sorted.map((t) => t.z);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  const [w, s, e, n] = opts.bounds ?? [-180, -85, 180, 85];
  const e7 = (v: number) => Math.round(v * 1e7);
  header.writeInt32LE(e7(w), 102);
  header.writeInt32LE(e7(s), 106);
  header.writeInt32LE(e7(e), 110);
  header.writeInt32LE(e7(n), 114);
  header.writeUInt8(Math.min(...zooms), 118);
  header.writeInt32LE(e7((w + e) / 2), 119);
  header.writeInt32LE(e7((s + n) / 2), 123);
  return Buffer.concat([header, directory, metadata, tileData]);
}
