import {
  ErrorCode,
  type listStockDataloggers,
  type ParsedBody,
  type ParsedQuery,
  type registerStockDatalogger,
} from '@solar/contract';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage, isUniqueViolation } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type StockQuery = ParsedQuery<typeof listStockDataloggers>;
export type NewStockDatalogger = ParsedBody<typeof registerStockDatalogger>;

/** A register row with its holder: the plant it is bound to, else the company or account holding it. */
export interface StockRecord {
  id: number;
  sn: string;
  model: string | null;
  hardware_version: string | null;
  software_version: string | null;
  plant_id: number | null;
  plant_name: string | null;
  company_id: number | null;
  company_name: string | null;
  owner_email: string | null;
  last_online_at: Date | null;
  last_unbind_reason: string | null;
  created_at: Date;
}

type RegisterQuery = ReturnType<StockService['records']>;

/** The factory register of dataloggers as the platform administrator manages it. */
export class StockService {
  constructor(private readonly db: Db) {}

  private records(db: Db = this.db) {
    return db
      .selectFrom('dataloggers as d')
      .leftJoin('plants as p', 'p.id', 'd.plant_id')
      .leftJoin('companies as c', (join) =>
        join.on((eb) => eb('c.id', '=', eb.fn.coalesce('p.company_id', 'd.owner_company_id'))),
      )
      .leftJoin('users as u', (join) =>
        join.on((eb) => eb('u.id', '=', eb.fn.coalesce('p.owner_user_id', 'd.owner_user_id'))),
      );
  }

  private withColumns(base: RegisterQuery) {
    return base.select((eb) => [
      'd.id',
      'd.sn',
      'd.model',
      'd.hardware_version',
      'd.software_version',
      'd.plant_id',
      'p.name as plant_name',
      'c.id as company_id',
      'c.name as company_name',
      'u.email as owner_email',
      'd.last_online_at',
      'd.created_at',
      eb
        .selectFrom('datalogger_unbinds as b')
        .select('b.reason')
        .whereRef('b.datalogger_id', '=', 'd.id')
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(1)
        .as('last_unbind_reason'),
    ]);
  }

  async list(query: StockQuery): Promise<{ rows: StockRecord[]; total: number }> {
    const keyword = query.keyword?.trim();
    let base = this.records();
    if (keyword) {
      const pattern = containsPattern(keyword);
      base = base.where((eb) =>
        eb.or(
          (['d.sn', 'd.model', 'c.name', 'p.name'] as const).map((column) =>
            eb(column, 'ilike', pattern),
          ),
        ),
      );
    }
    return fetchPage(
      this.withColumns(base).orderBy('d.id', 'desc'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  async get(sn: string, db: Db = this.db): Promise<StockRecord> {
    const row = await this.withColumns(this.records(db)).where('d.sn', '=', sn).executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.dataloggerNotFound);
    return row;
  }

  async register(actor: AuditActor, input: NewStockDatalogger): Promise<StockRecord> {
    try {
      return await retryingTransaction(this.db, async (trx) => {
        await trx
          .insertInto('dataloggers')
          .values({
            sn: input.sn,
            registration_key: input.key,
            model: emptyToNull(input.model),
            hardware_version: emptyToNull(input.hardwareVersion),
          })
          .execute();
        await recordAudit(trx, actor, {
          action: 'stock.registered',
          target: `datalogger ${input.sn}`,
        });
        return this.get(input.sn, trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.dataloggerInUse);
      throw error;
    }
  }

  /** Takes the datalogger from its plant and holder; the reason is kept with what it was taken from. */
  async unbind(actor: AuditActor, sn: string, reason: string): Promise<StockRecord> {
    return retryingTransaction(this.db, async (trx) => {
      const before = await this.get(sn, trx);
      await trx
        .insertInto('datalogger_unbinds')
        .values({
          datalogger_id: before.id,
          plant_id: before.plant_id,
          company_id: before.company_id,
          reason,
          actor_id: actor.userId,
        })
        .execute();
      await trx
        .updateTable('dataloggers')
        .set({ plant_id: null, owner_company_id: null, owner_user_id: null, alias: null })
        .where('id', '=', before.id)
        .execute();
      await recordAudit(trx, actor, {
        action: 'stock.unbound',
        target: `datalogger ${sn}`,
        detail: {
          reason,
          plant: before.plant_name,
          company: before.company_name,
          owner: before.owner_email,
        },
      });
      return this.get(sn, trx);
    });
  }
}

function emptyToNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}
