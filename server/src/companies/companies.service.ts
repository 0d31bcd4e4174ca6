import { ErrorCode, type ParsedBody, type updateCompany } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { companyAuditTarget } from './companies.presenter.js';
import type { CompanyRow } from './companies.tables.js';
import { requireCompanyId } from './tenant.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type CompanyChanges = ParsedBody<typeof updateCompany>;

export type CompanyPictureKind = 'logo' | 'icon';

/** Company information: the caller's own company only. */
export class CompaniesService {
  constructor(private readonly db: Db) {}

  async get(auth: AuthContext): Promise<CompanyRow> {
    return this.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', requireCompanyId(auth))
      .executeTakeFirstOrThrow();
  }

  async update(auth: AuthContext, changes: CompanyChanges): Promise<CompanyRow> {
    const companyId = requireCompanyId(auth);
    if (changes.name !== undefined) await this.assertNameFree(changes.name, companyId);
    const values = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.address !== undefined ? { address: changes.address } : {}),
      ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
      ...(changes.themeColor !== undefined ? { theme_color: changes.themeColor } : {}),
    };
    if (Object.keys(values).length === 0) return this.get(auth);
    try {
      return await this.db
        .updateTable('companies')
        .set(values)
        .where('id', '=', companyId)
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.duplicateCompanyName);
      throw error;
    }
  }

  /**
   * Turns the company's second-factor policy on or off. Only its administrator or a platform
   * administrator may: a staff role's `company.info.edit` does not reach the company's security.
   */
  async setSecondFactorPolicy(
    auth: AuthContext,
    actor: AuditActor,
    isRequired: boolean,
  ): Promise<CompanyRow> {
    if (auth.kind !== 'company_admin' && auth.kind !== 'platform_admin')
      throw new AppError(ErrorCode.noPermission);
    const companyId = requireCompanyId(auth);
    return retryingTransaction(this.db, async (trx) => {
      const company = await trx
        .updateTable('companies')
        .set({ requires_second_factor: isRequired })
        .where('id', '=', companyId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: 'company.updated',
        target: companyAuditTarget(company),
        detail: { requiresSecondFactor: isRequired },
      });
      return company;
    });
  }

  async checkName(auth: AuthContext, name: string): Promise<void> {
    await this.assertNameFree(name, requireCompanyId(auth));
  }

  /** Stores the URL of a new picture and answers the URL it replaced. */
  async setPicture(
    auth: AuthContext,
    kind: CompanyPictureKind,
    url: string,
  ): Promise<string | null> {
    const companyId = requireCompanyId(auth);
    return retryingTransaction(this.db, async (trx) => {
      const before = await trx
        .selectFrom('companies')
        .select(['logo_url', 'icon_url'])
        .where('id', '=', companyId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('companies')
        .set(kind === 'logo' ? { logo_url: url } : { icon_url: url })
        .where('id', '=', companyId)
        .execute();
      return kind === 'logo' ? before.logo_url : before.icon_url;
    });
  }

  private async assertNameFree(name: string, companyId: number): Promise<void> {
    const clash = await this.db
      .selectFrom('companies')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .where('id', '<>', companyId)
      .executeTakeFirst();
    if (clash) throw new AppError(ErrorCode.duplicateCompanyName);
  }
}
