import {
  type exportMaintenanceLog,
  type listMaintenanceLog,
  type ParsedQuery,
} from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { fetchPage, whereWithinRange } from '../db/listing.js';
import { seesEveryPlant, visiblePlants } from '../plants/plant-access.js';
import type { UpgradeJobRow } from './upgrades.tables.js';

export type MaintenanceRow = UpgradeJobRow & {
  plant_name: string | null;
  user_email: string | null;
};
export type MaintenanceFilters = ParsedQuery<typeof exportMaintenanceLog>;

/** The CSV export's row limit; narrower filters export the rest. */
export const MAINTENANCE_EXPORT_LIMIT = 50_000;

/**
 * The maintenance log: every upgrade attempt on a device of a plant the caller may see (a
 * platform administrator also sees devices bound to no plant).
 */
export class MaintenanceLog {
  constructor(private readonly db: Db) {}

  private base(auth: AuthContext, filters: MaintenanceFilters) {
    let base = this.db
      .selectFrom('upgrade_jobs')
      .leftJoin('plants', 'plants.id', 'upgrade_jobs.plant_id')
      .leftJoin('users', 'users.id', 'upgrade_jobs.user_id')
      .where((eb) =>
        seesEveryPlant(auth)
          ? eb.lit(true)
          : eb(
              'upgrade_jobs.plant_id',
              'in',
              eb.selectFrom('plants').select('plants.id').where(visiblePlants(auth)),
            ),
      );
    if (filters.sn) base = base.where('upgrade_jobs.sn', '=', filters.sn);
    if (filters.plantId) base = base.where('upgrade_jobs.plant_id', '=', filters.plantId);
    if (filters.status) base = base.where('upgrade_jobs.status', '=', filters.status);
    return whereWithinRange(base, 'upgrade_jobs.created_at', filters);
  }

  private rows(auth: AuthContext, filters: MaintenanceFilters) {
    return this.base(auth, filters)
      .selectAll('upgrade_jobs')
      .select(['plants.name as plant_name', 'users.email as user_email'])
      .orderBy('upgrade_jobs.created_at', 'desc')
      .orderBy('upgrade_jobs.id');
  }

  async list(
    auth: AuthContext,
    query: ParsedQuery<typeof listMaintenanceLog>,
  ): Promise<{ rows: MaintenanceRow[]; total: number }> {
    const count = this.base(auth, query).select((eb) => eb.fn.countAll<number>().as('total'));
    return fetchPage(this.rows(auth, query), count, query);
  }

  async all(auth: AuthContext, filters: MaintenanceFilters): Promise<MaintenanceRow[]> {
    return this.rows(auth, filters).limit(MAINTENANCE_EXPORT_LIMIT).execute();
  }

  /** The newest job of a device the caller may see. */
  async latestOf(auth: AuthContext, sn: string): Promise<MaintenanceRow | undefined> {
    return this.rows(auth, { sn }).executeTakeFirst();
  }

  async batch(auth: AuthContext, batchId: string): Promise<MaintenanceRow[]> {
    return this.rows(auth, {}).where('upgrade_jobs.batch_id', '=', batchId).execute();
  }
}
