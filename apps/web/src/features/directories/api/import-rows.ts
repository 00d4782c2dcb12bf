import { directoryCalls, type ImportBody } from '@courier/contract';
import { callApi } from '../../../lib/api-client';

/**
 * POST client/import or address/import with one chunk of CSV rows. Silent: the import screen reports each row's
 * problems itself, and a chunk that fails as a whole is reported on its rows.
 */
export const importRows = (
  slug: string,
  kind: 'clients' | 'addresses',
  body: ImportBody,
  signal?: AbortSignal,
) =>
  callApi(kind === 'clients' ? directoryCalls.importClients : directoryCalls.importAddresses, {
    params: { companySlug: slug },
    body,
    signal,
    silent: true,
  });
