import { AddressInputSchema, directoryCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { importRows } from '../../lib/import-rows.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentDirectoryAddress } from './directory-addresses.presenter.js';
import {
  deleteDirectoryAddress,
  findDirectoryAddress,
  insertAddress,
  listDirectoryAddresses,
  updateDirectoryAddress,
} from './directory-addresses.queries.js';

export function directoryAddressRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const load = async (companyId: string, addressId: string) => {
    const row = await findDirectoryAddress(db, { companyId, addressId });
    if (!row) throw notFound('Address');
    return presentDirectoryAddress(row);
  };

  registerCall(app, directoryCalls.listAddresses, async ({ request, query }) => {
    const { rows, total } = await listDirectoryAddresses(db, {
      companyId: tenantOf(request).companyId,
      query,
    });
    return { data: rows.map(presentDirectoryAddress), meta: paginationMeta(query, total) };
  });

  registerCall(app, directoryCalls.createAddress, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    const id = await insertAddress(db, { companyId, values: body });
    return { data: await load(companyId, id), message: 'Address saved.' };
  });

  registerCall(app, directoryCalls.updateAddress, async ({ request, params, body }) => {
    const { companyId } = tenantOf(request);
    if (!(await updateDirectoryAddress(db, { companyId, addressId: params.addressUuid }, body)))
      throw notFound('Address');
    return { data: await load(companyId, params.addressUuid), message: 'Address saved.' };
  });

  registerCall(app, directoryCalls.deleteAddress, async ({ request, params }) => {
    if (
      !(await deleteDirectoryAddress(db, {
        companyId: tenantOf(request).companyId,
        addressId: params.addressUuid,
      }))
    ) {
      throw notFound('Address');
    }
    return { data: { uuid: params.addressUuid }, message: 'Address deleted.' };
  });

  registerCall(app, directoryCalls.importAddresses, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    const result = await importRows(db, {
      rows: body.rows,
      firstRowNumber: body.firstRowNumber,
      schema: AddressInputSchema,
      save: async (tx, value) => {
        await insertAddress(tx, { companyId, values: value });
      },
    });
    return { data: result, message: `${result.created} saved, ${result.failed.length} failed.` };
  });
}
