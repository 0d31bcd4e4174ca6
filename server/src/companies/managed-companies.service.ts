import {
  type createManagedCompany,
  ErrorCode,
  type listManagedCompanies,
  type ParsedBody,
  type ParsedQuery,
  type updateManagedCompany,
} from '@solar/contract';
import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { hashPassword } from '../auth/passwords.js';
import { endAllSessions } from '../auth/sessions.js';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage, isUniqueViolation } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { findAccountByEmail, insertAccount } from '../accounts/account-records.js';
import { companyAuditTarget, type ManagedCompanyRecord } from './companies.presenter.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type NewCompany = ParsedBody<typeof createManagedCompany>;
export type ManagedCompanyChanges = ParsedBody<typeof updateManagedCompany>;
export type ManagedCompanyQuery = ParsedQuery<typeof listManagedCompanies>;

/** Moving the members to another brand fails on the e-mail index when one is taken there. */
function updateClashCode(error: unknown) {
  const constraint = (error as { constraint?: string }).constraint;
  return constraint === 'users_brand_email_key'
    ? ErrorCode.accountExists
    : ErrorCode.duplicateCompanyName;
}

/**
 * Companies as the platform administrator sees them: all of them, with counts, created with
 * their first administrator, edited, enabled and disabled. Each change is audited.
 */
export class ManagedCompaniesService {
  constructor(private readonly db: Db) {}

  private records(db: Db = this.db) {
    return db
      .selectFrom('companies')
      .selectAll('companies')
      .select((eb) => [
        eb
          .selectFrom('users')
          .select('users.email')
          .whereRef('users.company_id', '=', 'companies.id')
          .where('users.kind', '=', 'company_admin')
          .orderBy('users.id')
          .limit(1)
          .as('administrator_email'),
        eb
          .selectFrom('plants')
          .select((count) => count.fn.countAll<number>().as('n'))
          .whereRef('plants.company_id', '=', 'companies.id')
          .as('plant_count'),
        sql<number>`(select count(*) from dataloggers d where d.owner_company_id = companies.id)
          + (select count(*) from devices v join dataloggers d on d.id = v.datalogger_id
             where d.owner_company_id = companies.id)`.as('device_count'),
        eb
          .selectFrom('users')
          .select((count) => count.fn.countAll<number>().as('n'))
          .whereRef('users.company_id', '=', 'companies.id')
          .as('user_count'),
      ]);
  }

  async list(query: ManagedCompanyQuery): Promise<{ rows: ManagedCompanyRecord[]; total: number }> {
    const search = query.search?.trim();
    let rows = this.records().orderBy('companies.id');
    let count = this.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('total'));
    if (search) {
      rows = rows.where('companies.name', 'ilike', containsPattern(search));
      count = count.where('companies.name', 'ilike', containsPattern(search));
    }
    return fetchPage(rows, count, query);
  }

  async choices(): Promise<{ id: number; name: string }[]> {
    return this.db.selectFrom('companies').select(['id', 'name']).orderBy('name').execute();
  }

  async get(companyId: number, db: Db = this.db): Promise<ManagedCompanyRecord> {
    const row = await this.records(db).where('companies.id', '=', companyId).executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.noPermission, 'No such company');
    return row;
  }

  async create(actor: AuditActor, input: NewCompany): Promise<ManagedCompanyRecord> {
    await this.assertNameFree(input.name, null);
    const brandId = await this.brandChoice(input.brandId);
    if (await findAccountByEmail(this.db, input.adminEmail, { brandId })) {
      throw new AppError(ErrorCode.accountExists);
    }
    const passwordHash = await hashPassword(input.adminPassword);
    try {
      return await retryingTransaction(this.db, async (trx) => {
        const company = await trx
          .insertInto('companies')
          .values({
            name: input.name,
            address: input.address ?? null,
            phone: input.phone ?? null,
            theme_color: input.themeColor ?? null,
            brand_id: brandId,
            logo_url: null,
            icon_url: null,
          })
          .returning(['id', 'name'])
          .executeTakeFirstOrThrow();
        await insertAccount(trx, {
          email: input.adminEmail,
          passwordHash,
          nickname: input.adminNickname,
          kind: 'company_admin',
          companyId: company.id,
        });
        await recordAudit(trx, actor, {
          action: 'company.created',
          target: companyAuditTarget(company),
          detail: { administrator: input.adminEmail },
        });
        return this.get(company.id, trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(await this.clashCode(input, brandId));
      throw error;
    }
  }

  async update(
    actor: AuditActor,
    companyId: number,
    changes: ManagedCompanyChanges,
  ): Promise<ManagedCompanyRecord> {
    const before = await this.get(companyId);
    if (changes.name !== undefined) await this.assertNameFree(changes.name, companyId);
    const brandId =
      changes.brandId === undefined ? undefined : await this.brandChoice(changes.brandId);
    const values = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.address !== undefined ? { address: changes.address } : {}),
      ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
      ...(changes.themeColor !== undefined ? { theme_color: changes.themeColor } : {}),
      ...(brandId !== undefined ? { brand_id: brandId } : {}),
    };
    if (Object.keys(values).length === 0) return before;
    try {
      return await retryingTransaction(this.db, async (trx) => {
        await trx.updateTable('companies').set(values).where('id', '=', companyId).execute();
        await recordAudit(trx, actor, {
          action: 'company.updated',
          target: companyAuditTarget(before),
          detail: changes,
        });
        return this.get(companyId, trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(updateClashCode(error));
      throw error;
    }
  }

  /** Disabling ends every member's sessions: refresh tokens die, access tokens answer 401. */
  async setEnabled(
    actor: AuditActor,
    companyId: number,
    isEnabled: boolean,
  ): Promise<ManagedCompanyRecord> {
    const before = await this.get(companyId);
    if (before.is_enabled === isEnabled) return before;
    return retryingTransaction(this.db, async (trx) => {
      await trx
        .updateTable('companies')
        .set({ is_enabled: isEnabled })
        .where('id', '=', companyId)
        .execute();
      if (!isEnabled) {
        const members = await trx
          .selectFrom('users')
          .select('id')
          .where('company_id', '=', companyId)
          .execute();
        for (const member of members) await endAllSessions(trx, member.id);
      }
      await recordAudit(trx, actor, {
        action: isEnabled ? 'company.enabled' : 'company.disabled',
        target: companyAuditTarget(before),
      });
      return this.get(companyId, trx);
    });
  }

  private async assertNameFree(name: string, companyId: number | null): Promise<void> {
    let query = this.db
      .selectFrom('companies')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (companyId !== null) query = query.where('id', '<>', companyId);
    if (await query.executeTakeFirst()) throw new AppError(ErrorCode.duplicateCompanyName);
  }

  /** The brand chosen by id (0 or none: the default brand, null); 1 when there is no such brand. */
  private async brandChoice(brandId: number | undefined): Promise<number | null> {
    if (!brandId) return null;
    const brand = await this.db
      .selectFrom('brands')
      .select('id')
      .where('id', '=', brandId)
      .executeTakeFirst();
    if (!brand) {
      throw new AppError(ErrorCode.validation, 'No such brand', {
        fields: [{ field: 'brandId', message: 'validation.invalid' }],
      });
    }
    return brand.id;
  }

  /** Which unique key a concurrent insert took: the company's name or the administrator's e-mail. */
  private async clashCode(input: NewCompany, brandId: number | null) {
    return (await findAccountByEmail(this.db, input.adminEmail, { brandId }))
      ? ErrorCode.accountExists
      : ErrorCode.duplicateCompanyName;
  }
}
