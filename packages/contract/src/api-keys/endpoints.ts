import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

/**
 * API keys (issue 38): a key acts as its owner within its scopes, sent as
 * `Authorization: Bearer solar_…`. `read` allows GET and HEAD only; `write` adds everything the
 * owner may do. A personal key's owner is its creator; a company service key acts as the
 * company administrator who created it and is managed by every administrator of the company.
 */

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with it, so secret scanners recognise a leaked one. */
export const API_KEY_PREFIX = 'solar_';

/** The highest budgets a key, a company or the platform may set. */
export const API_KEY_QUOTA_LIMITS = { perMinute: 10_000, perDay: 1_000_000 } as const;

/** Plants a key may be restricted to at most. */
export const MAX_API_KEY_PLANTS = 100;

/** Keys in use (neither revoked nor expired) an account, or a company's service keys, may have. */
export const MAX_API_KEYS = 50;

const perMinute = rules.integer({ min: 1, max: API_KEY_QUOTA_LIMITS.perMinute });
const perDay = rules.integer({ min: 1, max: API_KEY_QUOTA_LIMITS.perDay });

export const API_KEY_KINDS = ['personal', 'company'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

export const apiKeyListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, enough to recognise it; the secret is never shown again. */
  prefix: z.string(),
  kind: z.enum(API_KEY_KINDS),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The plants the key is restricted to; null: every plant its owner sees. */
  plants: z.array(z.object({ id: z.number().int(), name: z.string() })).nullable(),
  /** The key's own budgets; null: the company's or the platform's default. */
  perMinute: z.number().int().nullable(),
  perDay: z.number().int().nullable(),
  /** Who created the key (and whom a company key acts as). */
  ownerEmail: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyListItem = z.infer<typeof apiKeyListItem>;

export const createApiKey = defineEndpoint({
  method: 'POST',
  path: '/api/v1/api-keys',
  summary: 'Create an API key; the key itself is answered once and never again',
  tag: 'api-keys',
  access: requires('apikey.manage'),
  encoding: 'json',
  body: z.strictObject({
    name: rules.name(40),
    scopes: z
      .array(z.enum(API_KEY_SCOPES))
      .min(1)
      .max(API_KEY_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'validation.invalid'),
    perMinute: perMinute.optional(),
    perDay: perDay.optional(),
    plantIds: z.array(rules.id).min(1).max(MAX_API_KEY_PLANTS).optional(),
    /** In the future; without it the key never expires. */
    expiresAt: rules.instant.optional(),
    /** A company service key (needs `apikey.company`) instead of a personal one. */
    companyKey: z.boolean().optional(),
  }),
  data: z.object({ id: z.number().int(), key: z.string() }),
  tolerated: [ErrorCode.plantNotFound],
});

export const listApiKeys = defineEndpoint({
  method: 'GET',
  path: '/api/v1/api-keys',
  summary: "The caller's personal keys, or their company's service keys (kind=company)",
  tag: 'api-keys',
  access: requires('apikey.manage'),
  query: z.object({ kind: z.enum(API_KEY_KINDS).default('personal') }),
  data: z.array(apiKeyListItem),
});

export const revokeApiKey = defineEndpoint({
  method: 'POST',
  path: '/api/v1/api-keys/:id/delete',
  summary: 'Revoke an API key: it answers 401 from now on',
  tag: 'api-keys',
  access: requires('apikey.manage'),
  params: z.strictObject({ id: rules.id }),
  data: z.null(),
});

export const apiKeyQuota = z.object({
  /** The company's default budgets for its keys; null: the platform's default. */
  perMinute: z.number().int().nullable(),
  perDay: z.number().int().nullable(),
  /** The platform-wide defaults (server configuration). */
  platformPerMinute: z.number().int(),
  platformPerDay: z.number().int(),
});
export type ApiKeyQuota = z.infer<typeof apiKeyQuota>;

export const getCompanyApiKeyQuota = defineEndpoint({
  method: 'GET',
  path: '/api/v1/companies/:id/api-key-quota',
  summary: "A company's default API key budgets",
  tag: 'api-keys',
  access: requires('sys.company.manage'),
  params: z.strictObject({ id: rules.id }),
  data: apiKeyQuota,
});

export const setCompanyApiKeyQuota = defineEndpoint({
  method: 'POST',
  path: '/api/v1/companies/:id/api-key-quota',
  summary: "Set a company's default API key budgets (null: the platform's default)",
  tag: 'api-keys',
  access: requires('sys.company.edit'),
  encoding: 'json',
  params: z.strictObject({ id: rules.id }),
  body: z.strictObject({ perMinute: perMinute.nullable(), perDay: perDay.nullable() }),
  data: apiKeyQuota,
});
