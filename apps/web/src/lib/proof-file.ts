import { LIMITS, PROOF_MIME_TYPES, type ProofTypeSlug } from '@courier/contract';

export const PROOF_MAX_MB = LIMITS.proofBytesMax / (1024 * 1024);

/** What is wrong with a file chosen as a proof (its type or size), said on the field; null when it will do. */
export function proofFileProblem(file: File): string | null {
  if (!(PROOF_MIME_TYPES as readonly string[]).includes(file.type))
    return 'Use a PNG, JPEG, WebP or PDF file';
  if (file.size > LIMITS.proofBytesMax) return `The file is larger than ${PROOF_MAX_MB} MB`;
  return null;
}

/** A proof to upload, from the office's proof panel or the driver's phone. */
export interface ProofUpload {
  deliveryStepTaskUuid: string;
  proofTypeSlug: ProofTypeSlug;
  proofName: string;
  file: File;
}

/** The multipart fields of a proof upload, as both proof calls take them: the text fields first, the file last. */
export function proofUploadFields({ deliveryStepTaskUuid, proofTypeSlug, proofName, file }: ProofUpload) {
  const fields: [string, string | Blob][] = [
    ['deliveryStepTaskUuid', deliveryStepTaskUuid],
    ['proofTypeSlug', proofTypeSlug],
  ];
  if (proofName.trim()) fields.push(['proofName', proofName.trim()]);
  fields.push(['file', file]);
  return fields;
}
