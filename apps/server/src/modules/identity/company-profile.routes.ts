import { companyCalls, LIMITS, UuidSchema } from '@courier/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companies, storedFiles } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import { IMAGE_TYPES } from '../../lib/storage/file-check.js';
import { readUpload } from '../../lib/storage/upload.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentCompany } from './companies.presenter.js';
import { companyColumns } from './companies.queries.js';
import { sendStoredFile, transactionWithUploads } from '../documents/index.js';

/** Public path of a company's logo; the version makes a new upload bypass caches. */
export const LOGO_PATH = '/company/:companyUuid/logo';

export function companyProfileRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const load = async (companyId: string) => {
    const [row] = await db.select(companyColumns).from(companies).where(eq(companies.id, companyId));
    if (!row) throw notFound('Company');
    return presentCompany(row);
  };

  registerCall(app, companyCalls.getCompany, async ({ request }) => ({
    data: await load(tenantOf(request).companyId),
  }));

  registerCall(app, companyCalls.updateCompany, async ({ request, body }) => {
    const { companyId } = tenantOf(request);
    await db
      .update(companies)
      .set({ name: body.name, description: body.description, updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    return { data: await load(companyId), message: 'Company profile saved.' };
  });

  registerCall(app, companyCalls.uploadLogo, async ({ request }) => {
    const { companyId } = tenantOf(request);
    const upload = await readUpload(request, LIMITS.logoBytesMax);
    await transactionWithUploads(db, app.storage, async (tx, store) => {
      const stored = await store(tx, {
        companyId,
        userId: request.auth!.userId,
        upload,
        allowed: IMAGE_TYPES,
      });
      const logoUrl = `${app.config.appUrl}/api/v1${LOGO_PATH.replace(':companyUuid', companyId)}?v=${stored.file.id.slice(0, 8)}`;
      await tx
        .update(companies)
        .set({ logoUrl, logoFileId: stored.file.id, updatedAt: new Date() })
        .where(eq(companies.id, companyId));
    });
    return { data: await load(companyId), message: 'Logo uploaded.' };
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
      const [file] = await app.database.db
        .select({
          storageKey: storedFiles.storageKey,
          mimeType: storedFiles.mimeType,
          originalName: storedFiles.originalName,
          sizeBytes: storedFiles.sizeBytes,
        })
        .from(companies)
        .innerJoin(storedFiles, eq(storedFiles.id, companies.logoFileId))
        .where(eq(companies.id, request.params.companyUuid))
        .limit(1);
      if (!file) throw notFound('Logo');
      return sendStoredFile(reply, app.storage, file, { cache: 'public, max-age=86400' });
    },
  );
}
