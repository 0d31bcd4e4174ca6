import { API_KEY_SCOPES, type ApiKeyScope } from '@solar/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext, EnabledUser } from './auth-context.js';
import type { EnabledUserCache } from './enabled-user-cache.js';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { UnauthenticatedError } from '../errors/app-error.js';
import { lookupPrefix, matchesDigest } from './api-key-secrets.js';
import {
  countCall,
  isOverQuota,
  QuotaExceededError,
  type QuotaLimits,
  rateLimitHeaders,
} from './api-key-quota.js';

/** How stale a key's last-used time may get: it is written at most once a minute. */
const LAST_USED_RESOLUTION_MS = 60_000;

type StoredKey = NonNullable<Awaited<ReturnType<typeof findKey>>>;

function findKey(db: Db, prefix: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'api_keys.id',
      'api_keys.user_id',
      'api_keys.company_id',
      'api_keys.name',
      'api_keys.secret_hash',
      'api_keys.scopes',
      'api_keys.plant_ids',
      'api_keys.per_minute',
      'api_keys.per_day',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'companies.api_key_per_minute as company_per_minute',
      'companies.api_key_per_day as company_per_day',
    ])
    .where('api_keys.prefix', '=', prefix)
    .executeTakeFirst();
}

function isUsable(stored: StoredKey | undefined, key: string): stored is StoredKey {
  if (!stored || stored.revoked_at !== null) return false;
  if (stored.expires_at !== null && stored.expires_at.getTime() <= Date.now()) return false;
  return matchesDigest(key, stored.secret_hash);
}

/** A service key acts for its company only while its creator administers that company. */
function isOwnerStillEntitled(stored: StoredKey, owner: EnabledUser): boolean {
  if (stored.company_id === null) return true;
  return owner.context.kind === 'company_admin' && owner.context.companyId === stored.company_id;
}

function scopesOf(stored: StoredKey): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => stored.scopes.includes(scope));
}

/**
 * Turns `Authorization: Bearer solar_…` into the owner's context narrowed by the key. Every call
 * reads the key (so a revocation or an expiry answers 401 at once), loads the owner through the
 * same cache as sessions (dropped on every change of an account, role or company), counts the
 * call against the key's budgets and answers 429 past them.
 */
export class ApiKeyAuthenticator {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'API_KEY_PER_MINUTE' | 'API_KEY_PER_DAY'>,
    private readonly enabledUsers: EnabledUserCache,
  ) {}

  async authenticate(
    key: string,
    request: FastifyRequest,
    reply: FastifyReply,
    requestBrandId: number | null,
  ): Promise<{ auth: AuthContext; owner: EnabledUser }> {
    const prefix = lookupPrefix(key);
    const stored = prefix === null ? undefined : await findKey(this.db, prefix);
    if (!isUsable(stored, key)) throw new UnauthenticatedError('unknown, revoked or expired key');
    const owner = await this.enabledUsers.get(stored.user_id);
    if (!owner || owner.brandId !== requestBrandId || !isOwnerStillEntitled(stored, owner)) {
      throw new UnauthenticatedError("the key's owner is disabled or no longer entitled");
    }
    await this.countAgainstQuota(stored, reply);
    await this.noteUse(stored, request.ip);
    const grant = { id: stored.id, name: stored.name, scopes: scopesOf(stored) };
    return { auth: { ...owner.context, apiKey: { ...grant, plantIds: stored.plant_ids } }, owner };
  }

  private limitsOf(stored: StoredKey): QuotaLimits {
    return {
      minute: stored.per_minute ?? stored.company_per_minute ?? this.config.API_KEY_PER_MINUTE,
      day: stored.per_day ?? stored.company_per_day ?? this.config.API_KEY_PER_DAY,
    };
  }

  private async countAgainstQuota(stored: StoredKey, reply: FastifyReply): Promise<void> {
    const usage = await countCall(this.db, stored.id, this.limitsOf(stored));
    reply.headers(rateLimitHeaders(usage));
    if (isOverQuota(usage)) throw new QuotaExceededError();
  }

  private async noteUse(stored: StoredKey, address: string): Promise<void> {
    const lastUsed = stored.last_used_at?.getTime() ?? 0;
    if (Date.now() - lastUsed < LAST_USED_RESOLUTION_MS) return;
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(), last_used_address: address })
      .where('id', '=', stored.id)
      .execute();
  }
}
