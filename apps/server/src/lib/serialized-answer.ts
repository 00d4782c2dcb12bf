import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type AnswerEncoding = 'br' | 'gzip';

/** Below this size an answer goes as it is: compressing it saves less than its headers weigh. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer already checked against the call's schema and serialised (a cached page), kept as the UTF-8 bytes that
 * go on the wire, and compressed once per encoding a client asks for (decision 044): each request of a cached page
 * is answered with ready bytes, with no encoding, stringifying, UTF-8 conversion or compression of its own.
 */
export class SerializedAnswer {
  private readonly encoded = new Map<AnswerEncoding, Promise<Buffer>>();

  constructor(readonly bytes: Buffer) {}

  /** The bytes compressed with `encoding`, made on first demand and kept with the answer (and dropped with it). */
  compressed(encoding: AnswerEncoding): Promise<Buffer> {
    let value = this.encoded.get(encoding);
    if (!value) {
      // Brotli at quality 5: about gzip's speed with smaller output; 11 costs tens of milliseconds a page.
      value =
        encoding === 'br'
          ? brotli(this.bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
              },
            })
          : gzipAsync(this.bytes);
      this.encoded.set(encoding, value);
      // A failed compression is forgotten, so the next request tries again (it answers uncompressed meanwhile).
      value.catch(() => this.encoded.delete(encoding));
    }
    return value;
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
