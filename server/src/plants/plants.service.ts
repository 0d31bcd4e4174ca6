import {
  type createPlant,
  DICTIONARY_TYPES,
  type editPlant,
  ErrorCode,
  type listPlants,
  type PlantDetail,
  type PlantListItem,
  PLANT_STATUSES,
  PLANT_TYPES,
} from '@solar/contract';
import { sql, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import { containsPattern } from '../db/listing.js';
import { assertEnabledEntries, type DictionaryValue } from '../dicts/dictionary-check.js';
import { AppError } from '../errors/app-error.js';
import { rebuildPlantEnergy } from '../rollups/rollups.js';
import {
  pictureFolder,
  removePicture,
  savePicture,
  type UploadedFile,
} from '../uploads/picture-upload.js';
import {
  accessLevelOf,
  callersShare,
  isPlantController,
  requirePlantAccess,
  visiblePlants,
} from './plant-access.js';
import { plantSummaries } from './plant-summary.js';
import { presentPlantDetail, presentPlantListItem } from './plants.presenter.js';
import type { PlantsTable } from './plants.tables.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type CreatePlantInput = z.output<NonNullable<(typeof createPlant)['body']>>;
export type EditPlantInput = z.output<NonNullable<(typeof editPlant)['body']>>;
export type ListPlantsQuery = z.output<NonNullable<(typeof listPlants)['query']>>;

const SORT_COLUMNS = {
  name: 'plants.name',
  capacity: 'plants.capacity_kwp',
  createdAt: 'plants.created_at',
  power: 'summary.power_w',
} as const;

function emptyToNull(value: string | null | undefined): string | null | undefined {
  return value === '' ? null : value;
}

/** Maps the given contract fields to columns; fields left out stay untouched. */
export function plantColumns(input: EditPlantInput): Updateable<PlantsTable> {
  const columns: Updateable<PlantsTable> = {
    name: input.name,
    capacity_kwp: input.capacityKwp,
    commissioning_date: input.commissioningDate,
    plant_type: input.plantType,
    time_zone: input.timeZone,
    longitude: input.longitude,
    latitude: input.latitude,
    address: input.address,
    region_country: input.regionCountry,
    region_state: input.regionState,
    region_city: input.regionCity,
    total_investment: input.totalInvestment,
    installer_email: emptyToNull(input.installerEmail),
    generation_offset_kwh: input.generationOffsetKwh,
    currency: input.currency,
    valuation_method: input.valuationMethod,
    constant_price: input.constantPrice,
    tou_segments: input.touSegments && JSON.stringify(input.touSegments),
    generation_tiers: input.generationTiers && JSON.stringify(input.generationTiers),
    contacts: input.contacts && JSON.stringify(input.contacts),
  };
  return Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  ) as Updateable<PlantsTable>;
}

type DictionaryColumns = Pick<Updateable<PlantsTable>, 'plant_type' | 'time_zone' | 'currency'>;

const DICTIONARY_FIELDS = [
  ['plantType', DICTIONARY_TYPES.plantType, 'plant_type'],
  ['timeZone', DICTIONARY_TYPES.timeZone, 'time_zone'],
  ['currency', DICTIONARY_TYPES.currency, 'currency'],
] as const;

/**
 * The dictionary-backed values a write sets, leaving out those the plant holds already: a
 * plant keeps a value whose entry was disabled after it was chosen.
 */
function dictionaryValues(columns: DictionaryColumns, held?: DictionaryColumns): DictionaryValue[] {
  return DICTIONARY_FIELDS.flatMap(([field, type, column]) => {
    const code = columns[column];
    return code == null || code === held?.[column] ? [] : [{ field, type, code }];
  });
}

/** The built-in plant types, then the administrator's own types some plant holds. */
function plantTypesOf(rows: readonly { plant_type: string }[]): string[] {
  return [...new Set([...PLANT_TYPES, ...rows.map((row) => row.plant_type)])];
}

export class PlantsService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  private pictures() {
    return pictureFolder(this.deps.config.DATA_DIR, 'plants');
  }

  /** Visible plants with their summary and the caller's share role, before paging. */
  private visibleWithSummary(auth: AuthContext) {
    return this.db
      .selectFrom('plants')
      .innerJoin(plantSummaries(this.db, visiblePlants(auth)), 'summary.plant_id', 'plants.id')
      .leftJoin('plant_shares', callersShare(auth))
      .where((eb) => visiblePlants(auth)(eb));
  }

  async list(auth: AuthContext, query: ListPlantsQuery) {
    let filtered = this.visibleWithSummary(auth);
    if (query.name) filtered = filtered.where('plants.name', 'ilike', containsPattern(query.name));
    if (query.status) filtered = filtered.where('summary.status', '=', query.status);
    if (query.plantType) filtered = filtered.where('plants.plant_type', '=', query.plantType);
    // The total comes with the page (one statement): sorting by a summary column computes
    // every visible plant's summary anyway.
    const rows = await filtered
      .select([
        'plants.id',
        'plants.name',
        'plants.capacity_kwp',
        'plants.plant_type',
        'plants.time_zone',
        'plants.address',
        'plants.picture_url',
        'plants.created_at',
        'plants.owner_user_id',
        'plants.company_id',
        'plant_shares.role',
        'summary.status',
        'summary.power_w',
        'summary.today_kwh',
        sql<number>`count(*) over ()`.as('total'),
      ])
      .orderBy(SORT_COLUMNS[query.sort], query.order)
      .orderBy('plants.id', query.order)
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    const total = rows[0]?.total ?? (query.page > 1 ? await this.countOf(filtered) : 0);
    const infos: PlantListItem[] = rows.map((row) =>
      presentPlantListItem(row, accessLevelOf(auth, row) ?? 'read'),
    );
    return { infos, total: Number(total) };
  }

  /** How many rows `filtered` selects: a page past the end has no row to carry the total. */
  private async countOf(filtered: ReturnType<PlantsService['visibleWithSummary']>) {
    const { total } = await filtered
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return total;
  }

  async map(auth: AuthContext) {
    const rows = await this.visibleWithSummary(auth)
      .where('plants.latitude', 'is not', null)
      .where('plants.longitude', 'is not', null)
      .select([
        'plants.id',
        'plants.name',
        'plants.latitude',
        'plants.longitude',
        'plants.capacity_kwp',
        'summary.status',
      ])
      .orderBy('plants.id')
      .execute();
    const infos = rows.map((row) => ({
      id: row.id,
      name: row.name,
      lat: row.latitude ?? 0,
      lng: row.longitude ?? 0,
      status: row.status ?? 'offline',
      capacityKwp: Number(row.capacity_kwp),
    }));
    return { infos, total: infos.length };
  }

  async filterOptions(auth: AuthContext) {
    const rows = await this.visibleWithSummary(auth)
      .select(['summary.status', 'plants.plant_type'])
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .groupBy(['summary.status', 'plants.plant_type'])
      .execute();
    const countBy = <K extends string>(
      keys: readonly K[],
      keyOf: (row: (typeof rows)[number]) => K,
    ) =>
      keys.map((key) => ({
        key,
        count: rows
          .filter((row) => keyOf(row) === key)
          .reduce((sum, row) => sum + Number(row.count), 0),
      }));
    return {
      total: rows.reduce((sum, row) => sum + Number(row.count), 0),
      statuses: countBy(PLANT_STATUSES, (row) => row.status ?? 'offline').map(({ key, count }) => ({
        status: key,
        count,
      })),
      plantTypes: countBy(plantTypesOf(rows), (row) => row.plant_type).map(({ key, count }) => ({
        plantType: key,
        count,
      })),
    };
  }

  async detail(auth: AuthContext, plantId: number): Promise<PlantDetail> {
    const row = await this.visibleWithSummary(auth)
      .innerJoin('users as owner', 'owner.id', 'plants.owner_user_id')
      .where('plants.id', '=', plantId)
      .selectAll('plants')
      .select(['summary.status', 'plant_shares.role', 'owner.email as owner_email'])
      .executeTakeFirst();
    const access = row ? accessLevelOf(auth, row) : null;
    if (!row || access === null) throw new AppError(ErrorCode.plantNotFound);
    return presentPlantDetail(row, {
      status: row.status ?? 'offline',
      ownerAccount: row.owner_email,
      access,
    });
  }

  async create(auth: AuthContext, input: CreatePlantInput): Promise<{ id: number }> {
    const isCompanyMember = auth.kind === 'company_admin' || auth.kind === 'staff';
    const columns = plantColumns(input);
    return retryingTransaction(this.db, async (trx) => {
      await assertEnabledEntries(trx, dictionaryValues(columns));
      return trx
        .insertInto('plants')
        .values({
          ...columns,
          name: input.name,
          capacity_kwp: input.capacityKwp,
          owner_user_id: auth.userId,
          company_id: isCompanyMember ? auth.companyId : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
  }

  async edit(auth: AuthContext, plantId: number, input: EditPlantInput): Promise<void> {
    await requirePlantAccess(this.db, auth, plantId, 'manage');
    const columns = plantColumns(input);
    if (Object.keys(columns).length === 0) return;
    const before = await retryingTransaction(this.db, async (trx) => {
      const held = await trx
        .selectFrom('plants')
        .select(['time_zone', 'plant_type', 'currency'])
        .where('id', '=', plantId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await assertEnabledEntries(trx, dictionaryValues(columns, held));
      await trx
        .updateTable('plants')
        .set({ ...columns, updated_at: new Date() })
        .where('id', '=', plantId)
        .execute();
      return held;
    });
    // Daily energy is stored per plant-local day: a new time zone moves past energy to new days.
    if (columns.time_zone !== undefined && columns.time_zone !== before.time_zone) {
      await rebuildPlantEnergy(this.db, plantId);
    }
  }

  /** Owner, company administrator or platform administrator only; 700 when not visible. */
  async remove(auth: AuthContext, plantId: number): Promise<void> {
    const plant = await this.controlledPlant(auth, plantId);
    await retryingTransaction(this.db, async (trx) => {
      await trx
        .updateTable('dataloggers')
        .set({ plant_id: null })
        .where('plant_id', '=', plantId)
        .execute();
      await trx.deleteFrom('plants').where('id', '=', plantId).execute();
    });
    await removePicture(this.pictures(), plant.picture_url);
  }

  /** The plant when the caller controls it (see `isPlantController`). */
  async controlledPlant(auth: AuthContext, plantId: number) {
    const plant = await this.db
      .selectFrom('plants')
      .selectAll()
      .where('id', '=', plantId)
      .where((eb) => visiblePlants(auth)(eb))
      .executeTakeFirst();
    if (!plant) throw new AppError(ErrorCode.plantNotFound);
    if (!isPlantController(auth, plant)) throw new AppError(ErrorCode.noPermission);
    return plant;
  }

  async replacePicture(auth: AuthContext, plantId: number, file: UploadedFile) {
    await requirePlantAccess(this.db, auth, plantId, 'manage');
    const folder = this.pictures();
    const pictureUrl = await savePicture(file, folder, String(plantId));
    const previous = await this.db
      .selectFrom('plants')
      .select('picture_url')
      .where('id', '=', plantId)
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('plants')
      .set({ picture_url: pictureUrl, updated_at: new Date() })
      .where('id', '=', plantId)
      .execute();
    await removePicture(folder, previous.picture_url);
    return { pictureUrl };
  }
}
