import { IDEMPOTENCY } from '@courier/contract';
import { failedCall, urlOf, type AnyCall, type CallData } from './api-client';
import { CSRF_HEADER_NAME } from './config';
import { fetchCsrfCookie, readXsrfToken } from './csrf';
import { HttpError, NetworkError } from './errors';

export interface UploadOptions {
  params: Record<string, string>;
  /** The multipart fields in order; the server reads text fields before the file, so put the file last. */
  fields: [name: string, value: string | Blob][];
  /** Share of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  silent?: boolean;
  /** Sent as the `Idempotency-Key` header, as callApi's option of the same name. */
  idempotencyKey?: string;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** One multipart POST through XMLHttpRequest, the only browser API that reports upload progress. */
function sendMultipart(url: string, body: FormData, options: UploadOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = readXsrfToken();
    if (token) xhr.setRequestHeader(CSRF_HEADER_NAME, token);
    if (options.idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY.header, options.idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const payload = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(
          typeof payload === 'object' && payload !== null && 'data' in payload ? payload.data : payload,
        );
      } else reject(new HttpError(xhr.status, payload, xhr.statusText, url));
    };
    xhr.onerror = () => reject(new NetworkError('The server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * Uploads files to a multipart call of the contract: credentials included, the CSRF cookie fetched first and its
 * token sent, `data` unwrapped, failures normalised and shown as every other call's are.
 */
export async function uploadFile<C extends AnyCall>(call: C, options: UploadOptions): Promise<CallData<C>> {
  const url = urlOf(call, options.params);
  try {
    await fetchCsrfCookie();
    const body = new FormData();
    for (const [name, value] of options.fields) body.append(name, value);
    return (await sendMultipart(url, body, options)) as CallData<C>;
  } catch (error) {
    throw failedCall(error, call.path, options.silent);
  }
}
