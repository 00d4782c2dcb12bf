import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Local disk under the data directory by default; an S3-compatible implementation can
 * take its place by configuration without touching the callers.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** A stream of the bytes, or undefined when the key holds nothing. */
  get(key: string): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
}

export function localDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(join(base, key));
    // Keys are made by the server, but never let one climb out of the storage root.
    if (!full.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes, { flag: 'wx' });
    },
    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return undefined;
      }
      return createReadStream(path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
