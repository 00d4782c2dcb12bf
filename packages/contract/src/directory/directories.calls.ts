import { z } from 'zod';
import { UuidSchema } from '../common.js';
import {
  ClientInputSchema,
  ClientSchema,
  AddressInputSchema,
  DirectoryAddressSchema,
} from './directories.entities.js';
import { CompanyParamsSchema } from '../params.js';
import { defineCall } from '../api/define-call.js';
import { ImportBodySchema, ImportResultSchema, ListQuerySchema } from '../api/list-query.js';

export const ClientParamsSchema = CompanyParamsSchema.extend({ clientUuid: UuidSchema });
export const AddressParamsSchema = CompanyParamsSchema.extend({ addressUuid: UuidSchema });

const base = '/c/:companySlug/admin';
export const directoryCalls = {
  listClients: defineCall({
    method: 'GET',
    path: `${base}/client`,
    summary: 'Clients: search by company, contact or e-mail; paginated',
    params: CompanyParamsSchema,
    query: ListQuerySchema,
    data: z.array(ClientSchema),
    paginated: true,
  }),
  createClient: defineCall({
    method: 'POST',
    path: `${base}/client`,
    summary: 'Add a client with its contact people',
    params: CompanyParamsSchema,
    body: ClientInputSchema,
    data: ClientSchema,
    status: 201,
  }),
  updateClient: defineCall({
    method: 'PUT',
    path: `${base}/client/:clientUuid`,
    summary: 'Change a client (its contacts are replaced by the list sent)',
    params: ClientParamsSchema,
    body: ClientInputSchema,
    data: ClientSchema,
  }),
  deleteClient: defineCall({
    method: 'DELETE',
    path: `${base}/client/:clientUuid`,
    summary: 'Delete a client',
    params: ClientParamsSchema,
    data: z.object({ uuid: UuidSchema }),
  }),
  importClients: defineCall({
    method: 'POST',
    path: `${base}/client/import`,
    summary: 'Import a chunk of CSV rows; each row is saved whole or not at all',
    params: CompanyParamsSchema,
    body: ImportBodySchema,
    data: ImportResultSchema,
  }),
  listAddresses: defineCall({
    method: 'GET',
    path: `${base}/address`,
    summary: 'Directory addresses: search by label, street, city or postcode; paginated',
    params: CompanyParamsSchema,
    query: ListQuerySchema,
    data: z.array(DirectoryAddressSchema),
    paginated: true,
  }),
  createAddress: defineCall({
    method: 'POST',
    path: `${base}/address`,
    summary: 'Add an address to the directory',
    params: CompanyParamsSchema,
    body: AddressInputSchema,
    data: DirectoryAddressSchema,
    status: 201,
  }),
  updateAddress: defineCall({
    method: 'PUT',
    path: `${base}/address/:addressUuid`,
    summary: 'Change a directory address',
    params: AddressParamsSchema,
    body: AddressInputSchema,
    data: DirectoryAddressSchema,
  }),
  deleteAddress: defineCall({
    method: 'DELETE',
    path: `${base}/address/:addressUuid`,
    summary: 'Delete a directory address',
    params: AddressParamsSchema,
    data: z.object({ uuid: UuidSchema }),
  }),
  importAddresses: defineCall({
    method: 'POST',
    path: `${base}/address/import`,
    summary: 'Import a chunk of CSV rows; each row is saved whole or not at all',
    params: CompanyParamsSchema,
    body: ImportBodySchema,
    data: ImportResultSchema,
  }),
};
