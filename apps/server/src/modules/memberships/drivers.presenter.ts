import type { DRIVER_DOCUMENT_TYPES } from '@courier/contract';
import { DRIVER_DOCUMENT_FILE_PATH, buildPath, type DriverInfo } from '@courier/contract';
import { iso, isoOrNull } from '../../lib/dates.js';
import type { DriverDocumentRow, DriverInfoRow } from './drivers.queries.js';

type DocType = (typeof DRIVER_DOCUMENT_TYPES)[number];

export function presentDriverInfo(
  row: DriverInfoRow,
  documents: DriverDocumentRow[],
  companySlug: string,
): DriverInfo {
  return {
    uuid: row.id,
    driverUserUuid: row.userId,
    driverStatusSlug: row.statusSlug,
    driverStatusName: row.statusName,
    ...(row.licenceNumber ? { licenceNumber: row.licenceNumber } : {}),
    ...(row.insuranceNumber ? { insuranceNumber: row.insuranceNumber } : {}),
    licenceExpiresAt: isoOrNull(row.licenceExpiresAt),
    insuranceExpiresAt: isoOrNull(row.insuranceExpiresAt),
    documents: documents
      .filter((d) => d.infoId === row.id)
      .map((d) => ({
        uuid: d.id,
        documentTypeSlug: d.documentTypeSlug as DocType,
        expiresAt: isoOrNull(d.expiresAt),
        originalName: d.originalName,
        mimeType: d.mimeType,
        sizeBytes: d.sizeBytes,
        url: `/api/v1${buildPath(DRIVER_DOCUMENT_FILE_PATH, { companySlug, driverUserUuid: row.userId, documentUuid: d.id })}`,
        createdAt: iso(d.createdAt),
      })),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
