import { PROOF_MIME_TYPES } from '@courier/contract';

/** Photos above this are made smaller before sending: a phone camera's 4–8 MB is slow on a mobile connection. */
const SHRINK_ABOVE_BYTES = 1.5 * 1024 * 1024;
const MAX_SIDE_PX = 2000;

/**
 * A camera photo ready to send: one already small and of an accepted type as it is, a larger one redrawn as a JPEG
 * at most 2000 px on its longer side. Where the browser cannot decode it, the original goes, and the type and size
 * checks say what is wrong.
 */
export async function preparePhoto(file: File): Promise<File> {
  const accepted = (PROOF_MIME_TYPES as readonly string[]).includes(file.type);
  if (accepted && file.size <= SHRINK_ABOVE_BYTES) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob) return file;
    return new File([blob], `${file.name.replace(/\.[^.]+$/, '') || 'photo'}.jpg`, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}
