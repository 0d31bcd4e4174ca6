import {
  type ApiKeyKind,
  type ApiKeyQuota,
  type createApiKey,
  ErrorCode,
  MAX_API_KEYS,
  type ParsedBody,
  type setCompanyApiKeyQuota,
} from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { lockOwnerRow } from '../db/owner-lock.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import { AppError } from '../errors/app-error.js';
import { visiblePlants } from '../plants/plant-access.js';
import { newApiKey } from '../auth/api-key-secrets.js';

export type NewApiKeyInput = ParsedBody<typeof createApiKey>;
export type CompanyQuotaInput = ParsedBody<typeof setCompanyApiKeyQuota>;

const LIST_COLUMNS = [
  'api_keys.id',
  'api_keys.name',
  'api_keys.prefix',
  'api_keys.company_id',
  'api_keys.scopes',
  'api_keys.plant_ids',
  'api_keys.per_minute',
  'api_keys.per_day',
  'api_keys.created_at',
  'api_keys.expires_at',
  'api_keys.last_used_at',
  'api_keys.last_used_address',
  'api_keys.revoked_at',
  'users.email as owner_email',
] as const;

/** A company's service keys are managed by its administrators holding `apikey.company`. */
function serviceKeyCompany(auth: AuthContext): number {
  if (auth.kind !== 'company_admin' || auth.companyId === null) {
    throw new AppError(ErrorCode.noPermission, 'Only a company administrator manages service keys');
  }
  if (!auth.permissions.has('apikey.company')) throw new AppError(ErrorCode.noPermission);
  return auth.companyId;
}

function validationError(field: string, detail: string): AppError {
  return new AppError(ErrorCode.validation, detail, {
    fields: [{ field, message: 'validation.invalid' }],
  });
}

/** Refuses a key past `MAX_API_KEYS` keys in use of its owner (the user, or the company). */
async function refuseOverLimit(trx: Db, userId: number, companyId: number | null): Promise<void> {
  await lockOwnerRow(trx, { userId, companyId });
  const { count } = await trx
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) =>
      companyId === null
        ? eb.and([eb('user_id', '=', userId), eb('company_id', 'is', null)])
        : eb('company_id', '=', companyId),
    )
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_API_KEYS) {
    throw new AppError(ErrorCode.validation, `At most ${MAX_API_KEYS} API keys in use`, {
      fields: [{ field: 'name', message: 'validation.apiKeyLimit' }],
    });
  }
}

export class ApiKeysService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'API_KEY_PER_MINUTE' | 'API_KEY_PER_DAY'>,
  ) {}

  /** Creates a key acting as the caller and answers it once; only its digest is kept. */
  async create(auth: AuthContext, input: NewApiKeyInput): Promise<{ id: number; key: string }> {
    const companyId = input.companyKey ? serviceKeyCompany(auth) : null;
    const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw validationError('expiresAt', 'the expiry must lie in the future');
    }
    const plantIds = input.plantIds ? await this.visiblePlantIds(auth, input.plantIds) : null;
    const { key, prefix, secretHash } = newApiKey();
    const row = await retryingTransaction(this.db, async (trx) => {
      await refuseOverLimit(trx, auth.userId, companyId);
      return trx
        .insertInto('api_keys')
        .values({
          user_id: auth.userId,
          company_id: companyId,
          name: input.name,
          prefix,
          secret_hash: secretHash,
          scopes: input.scopes,
          plant_ids: plantIds,
          per_minute: input.perMinute ?? null,
          per_day: input.perDay ?? null,
          expires_at: expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    return { id: row.id, key };
  }

  async list(auth: AuthContext, kind: ApiKeyKind) {
    let query = this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select(LIST_COLUMNS);
    query =
      kind === 'company'
        ? query.where('api_keys.company_id', '=', serviceKeyCompany(auth))
        : query
            .where('api_keys.user_id', '=', auth.userId)
            .where('api_keys.company_id', 'is', null);
    const rows = await query
      .orderBy('api_keys.created_at', 'desc')
      .orderBy('api_keys.id')
      .execute();
    const plantNames = await this.plantNames(rows.flatMap((row) => row.plant_ids ?? []));
    return rows.map((row) => ({ ...row, plantNames }));
  }

  /** Revokes one of the caller's personal keys, or a service key of the caller's company. */
  async revoke(auth: AuthContext, id: number): Promise<void> {
    const key = await this.db
      .selectFrom('api_keys')
      .select(['user_id', 'company_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    const isOwnPersonal = key?.company_id === null && key.user_id === auth.userId;
    const isOwnCompanys =
      key?.company_id != null && !isOwnPersonal && key.company_id === serviceKeyCompany(auth);
    if (!isOwnPersonal && !isOwnCompanys) throw new AppError(ErrorCode.noPermission, 'No such key');
    await this.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async companyQuota(companyId: number): Promise<ApiKeyQuota> {
    const row = await this.db
      .selectFrom('companies')
      .select(['api_key_per_minute', 'api_key_per_day'])
      .where('id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.noPermission, 'No such company');
    return this.quotaOf(row);
  }

  async setCompanyQuota(companyId: number, input: CompanyQuotaInput): Promise<ApiKeyQuota> {
    const row = await this.db
      .updateTable('companies')
      .set({ api_key_per_minute: input.perMinute, api_key_per_day: input.perDay })
      .where('id', '=', companyId)
      .returning(['api_key_per_minute', 'api_key_per_day'])
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.noPermission, 'No such company');
    return this.quotaOf(row);
  }

  private quotaOf(row: { api_key_per_minute: number | null; api_key_per_day: number | null }) {
    return {
      perMinute: row.api_key_per_minute,
      perDay: row.api_key_per_day,
      platformPerMinute: this.config.API_KEY_PER_MINUTE,
      platformPerDay: this.config.API_KEY_PER_DAY,
    };
  }

  /** The chosen plants, each of which the caller must see (700 otherwise). */
  private async visiblePlantIds(auth: AuthContext, ids: readonly number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const visible = await this.db
      .selectFrom('plants')
      .select('plants.id')
      .where('plants.id', 'in', unique)
      .where(visiblePlants(auth))
      .execute();
    if (visible.length !== unique.length) throw new AppError(ErrorCode.plantNotFound);
    return unique.sort((a, b) => a - b);
  }

  private async plantNames(ids: readonly number[]): Promise<ReadonlyMap<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('plants')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}

export type ApiKeyRecord = Awaited<ReturnType<ApiKeysService['list']>>[number];
