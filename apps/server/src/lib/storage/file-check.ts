import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../app-error.js';

export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export interface CheckedFile {
  mimeType: string;
  extension: string;
}

/**
 * The file's type as its bytes say, not as its name or the browser claim: a renamed executable is refused.
 */
export async function checkFileType(bytes: Buffer, allowed: readonly string[]): Promise<CheckedFile> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !allowed.includes(detected.mime)) {
    const names = allowed.map((m) => m.split('/')[1]?.toUpperCase()).join(', ');
    throw new AppError(
      422,
      'unsupported_file_type',
      `This file type is not accepted. Upload one of: ${names}.`,
      {
        file: [`This file type is not accepted. Upload one of: ${names}.`],
      },
    );
  }
  return { mimeType: detected.mime, extension: detected.ext };
}
