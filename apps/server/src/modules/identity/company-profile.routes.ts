import { companyCalls, LIMITS, UuidSchema } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import { readUpload } from '../../lib/storage/upload.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { sendStoredFile } from '../documents/index.js';
import { findCompanyLogoFile, updateCompanyProfile } from './companies.queries.js';
import { loadCompany, LOGO_PATH, uploadCompanyLogo } from './company-profile.service.js';

export function companyProfileRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, companyCalls.getCompany, async ({ request }) => ({
    data: await loadCompany(db, { companyId: tenantOf(request).companyId }),
  }));

  registerCall(app, companyCalls.updateCompany, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    await updateCompanyProfile(db, { companyId }, body);
    return { data: await loadCompany(db, { companyId }), message: 'Company profile saved.' };
  });

  registerCall(app, companyCalls.uploadLogo, async ({ request }) => {
    const { companyId } = tenantOf(request);
    const upload = await readUpload(request, LIMITS.logoBytesMax);
    await uploadCompanyLogo(db, app.storage, {
      companyId,
      userId: request.auth!.userId,
      upload,
      appUrl: app.config.appUrl,
    });
    return { data: await loadCompany(db, { companyId }), message: 'Logo uploaded.' };
  });
}

/** Logos are public: they appear on tracking pages and e-mails that recipients open without an account. */
export function companyLogoRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    LOGO_PATH,
    {
      config: { public: true },
      schema: {
        params: z.object({ companyUuid: UuidSchema }),
        summary: "A company's logo",
        tags: ['company'],
      },
    },
    async (request, reply) => {
      const file = await findCompanyLogoFile(app.database.db, { companyId: request.params.companyUuid });
      if (!file) throw notFound('Logo');
      return sendStoredFile(reply, app.storage, file, { cache: 'public, max-age=86400' });
    },
  );
}
