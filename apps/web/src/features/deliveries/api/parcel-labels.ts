import { buildPath, DELIVERY_LABELS_PATH } from '@courier/contract';
import { fileUrl } from '../../../lib/file-url';

/**
 * GET delivery/:deliveryUuid/labels.pdf: the delivery's parcel labels, a page each (decision 067), or one parcel's.
 * A link the browser opens in its PDF viewer to print, with the session's cookie like any file download.
 */
export function parcelLabelsUrl(slug: string, deliveryUuid: string, parcelUuid?: string): string {
  const path = buildPath(DELIVERY_LABELS_PATH, { companySlug: slug, deliveryUuid });
  return fileUrl(parcelUuid ? `${path}?parcel=${encodeURIComponent(parcelUuid)}` : path);
}
