import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type AnswerEncoding = 'br' | 'gzip';

/** Below this size an answer goes as it is: compressing it saves less than its headers weigh. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * How hard to compress: `fast` for an answer's first compression (a page built for one request may never be read
 * again: brotli quality 1 is about a sixth of quality 5's CPU for 10-15 % more bytes, decision 048), `small` once the
 * answer is read again (a cached page: brotli 5, about gzip's speed with smaller output; 11 costs tens of
 * milliseconds a page).
 */
function compress(bytes: Buffer, encoding: AnswerEncoding, effort: 'fast' | 'small'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(bytes, { level: effort === 'fast' ? 1 : 6 });
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'fast' ? 1 : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/**
 * An answer already checked against the call's schema and serialised (a cached page), kept as the UTF-8 bytes that
 * go on the wire, and compressed once per encoding a client asks for (decision 044): each request of a cached page
 * is answered with ready bytes, with no encoding, stringifying, UTF-8 conversion or compression of its own. The first
 * compression is a fast one; the second request of the same answer has it compressed well, once, for the next ones
 * (decision 048).
 */
export class SerializedAnswer {
  private readonly encoded = new Map<AnswerEncoding, { bytes: Promise<Buffer>; small: boolean }>();

  constructor(readonly bytes: Buffer) {}

  /** The bytes compressed with `encoding`, made on first demand and kept with the answer (and dropped with it). */
  compressed(encoding: AnswerEncoding): Promise<Buffer> {
    const kept = this.encoded.get(encoding);
    if (kept) {
      if (!kept.small) {
        // Read again: worth compressing well, once; the fast copy answers until that is done.
        kept.small = true;
        compress(this.bytes, encoding, 'small').then(
          (smaller) => (kept.bytes = Promise.resolve(smaller)),
          () => undefined,
        );
      }
      return kept.bytes;
    }
    const bytes = compress(this.bytes, encoding, 'fast');
    this.encoded.set(encoding, { bytes, small: false });
    // A failed compression is forgotten, so the next request tries again (it answers uncompressed meanwhile).
    bytes.catch(() => this.encoded.delete(encoding));
    return bytes;
  }

  /** The encoding to answer with, from the request's `Accept-Encoding`; undefined for the bytes as they are. */
  encodingFor(acceptEncoding: string | undefined): AnswerEncoding | undefined {
    if (!acceptEncoding || this.bytes.length < COMPRESS_FROM_BYTES) return undefined;
    return acceptedEncoding(acceptEncoding);
  }
}

/** Brotli when the client takes it, else gzip, else none; `;q=0` refuses a coding (RFC 9110, 12.5.3). */
export function acceptedEncoding(header: string): AnswerEncoding | undefined {
  let gzipOk = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name.trim() === 'br') return 'br';
    if (name.trim() === 'gzip') gzipOk = true;
  }
  return gzipOk ? 'gzip' : undefined;
}
