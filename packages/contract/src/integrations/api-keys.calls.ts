import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';
import { CompanyParamsSchema } from '../params.js';

/**
 * A company's API keys (issue 34, decision 065): how a client's shop, warehouse or order system calls the API as the
 * company, without a person's session. A key acts through the same access policy as a person, bounded by its scopes;
 * it never reaches the company's accounts, members or settings.
 */

/** What a key may reach. `webhooks:manage`: the company's webhook endpoints. */
export const API_KEY_SCOPES = [
  'deliveries:read',
  'deliveries:write',
  'positions:read',
  'webhooks:manage',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do, in the words of the settings screen. */
export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  'deliveries:read': 'Read deliveries',
  'deliveries:write': 'Create and change deliveries',
  'positions:read': 'Read positions',
  'webhooks:manage': 'Manage webhooks',
};

export const API_KEY = {
  /** Every secret starts so: recognisable in logs and by secret scanners. */
  prefix: 'ck_live_',
  /** Random bytes after the prefix (base64url): 256 bits. */
  secretBytes: 32,
  /** Characters of the secret kept in clear to tell keys apart (`ck_live_Ab3x`). */
  shownChars: 12,
  nameMaxLength: 80,
  /** Requests a second per key unless its admin chose otherwise (Onfleet allows 20). */
  defaultRatePerSecond: 20,
  maxRatePerSecond: 1_000,
  /** Keys a company may hold unrevoked at once. */
  maxActivePerCompany: 50,
} as const;

/** Whether a Bearer value is an API key's secret (else it is a user's login token). */
export function isApiKeySecret(value: string): boolean {
  return value.startsWith(API_KEY.prefix);
}

export const ApiKeySchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  /** The secret's first characters (`ck_live_Ab3x`): the rest is shown once, at creation, and never kept. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  ratePerSecond: z.number().int().positive(),
  expiresAt: IsoDateTimeSchema.nullable(),
  lastUsedAt: IsoDateTimeSchema.nullable(),
  /** The address of the key's last call (as the server saw it behind its proxy). */
  lastUsedAddress: z.string().nullable(),
  revokedAt: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
  /** The first name of the admin who created it; null once their account is gone. */
  createdByFirstName: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** A key just created, with its whole secret: the only answer that ever carries it. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const CreateApiKeyBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the key after what will use it, such as "Web shop".')
    .max(API_KEY.nameMaxLength, `Use at most ${API_KEY.nameMaxLength} characters.`),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, 'Choose among the scopes listed.'))
    .min(1, 'Choose at least one scope.')
    .refine((s) => new Set(s).size === s.length, 'Each scope once.'),
  ratePerSecond: z
    .number()
    .int('Use a whole number of requests.')
    .min(1, 'Allow at least 1 request a second.')
    .max(API_KEY.maxRatePerSecond, `At most ${API_KEY.maxRatePerSecond} requests a second.`)
    .optional(),
  /** When the key stops working; none: until it is revoked. */
  expiresAt: IsoDateTimeSchema.nullable()
    .optional()
    .refine((at) => !at || Date.parse(at) > Date.now(), 'Choose a time in the future.'),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

export const ApiKeyParamsSchema = CompanyParamsSchema.extend({ apiKeyUuid: UuidSchema });

export const apiKeyCalls = {
  listApiKeys: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/api-key',
    summary: "The company's API keys, unrevoked first, newest first (never their secrets)",
    params: CompanyParamsSchema,
    data: z.array(ApiKeySchema),
  }),
  createApiKey: defineCall({
    method: 'POST',
    path: '/c/:companySlug/admin/api-key',
    summary: 'Creates an API key; the answer carries its secret, shown this once',
    params: CompanyParamsSchema,
    body: CreateApiKeyBodySchema,
    data: CreatedApiKeySchema,
    status: 201,
  }),
  revokeApiKey: defineCall({
    method: 'DELETE',
    path: '/c/:companySlug/admin/api-key/:apiKeyUuid',
    summary: 'Revokes an API key: its next call, on any server process, is refused',
    params: ApiKeyParamsSchema,
    data: ApiKeySchema,
  }),
};

/** What a call with a key is told when it may not go on (401, 403). */
export const API_KEY_REFUSALS = {
  invalid:
    'This API key is not valid: it was revoked, it expired, or it was never issued. Ask an admin of the company for a new one.',
  call: 'API keys cannot make this call: it is for people signed in to the company.',
  scope: (scope: ApiKeyScope) => `This API key lacks the ${scope} scope this call needs.`,
} as const;
