import { LIMITS, PROOF_MIME_TYPES } from '@courier/contract';

export const PROOF_MAX_MB = LIMITS.proofBytesMax / (1024 * 1024);

/** What is wrong with a file chosen as a proof (its type or size), said on the field; null when it will do. */
export function proofFileProblem(file: File): string | null {
  if (!(PROOF_MIME_TYPES as readonly string[]).includes(file.type))
    return 'Use a PNG, JPEG, WebP or PDF file';
  if (file.size > LIMITS.proofBytesMax) return `The file is larger than ${PROOF_MAX_MB} MB`;
  return null;
}
