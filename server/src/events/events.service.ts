import {
  type acknowledgeEvents,
  type EventLevelLetter,
  ErrorCode,
  type EventSortField,
  type exportEvents,
  type listEventDescriptions,
  type listEvents,
  type Locale,
  type ParsedBody,
  type ParsedQuery,
  PROTECT_LEVEL,
  WARNING_LEVEL,
} from '@solar/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { containsPattern, fetchPage } from '../db/listing.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { visiblePlants } from '../plants/plant-access.js';
import type { EventDescriptorRecord, EventRecord } from './events.presenter.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

export type EventListQuery = ParsedQuery<typeof listEvents>;
export type EventExportQuery = ParsedQuery<typeof exportEvents>;
export type EventFilterQuery = Omit<EventExportQuery, 'lan'>;
export type EventAcknowledgement = ParsedBody<typeof acknowledgeEvents>;
export type EventDescriptionQuery = ParsedQuery<typeof listEventDescriptions>;

type EventScope = 'events' | 'devices' | 'dataloggers' | 'plants';

/** Rows of the given level letter: the SQL side of `eventLevelLetter`. */
export function levelLetterIs(
  column: 'events.level' | 'event_descriptors.level',
  letter: EventLevelLetter,
): Expression<SqlBool> {
  const level = sql.ref(column);
  switch (letter) {
    case 'P':
      return sql<SqlBool>`${level} = ${PROTECT_LEVEL}`;
    case 'W':
      return sql<SqlBool>`${level} = ${WARNING_LEVEL}`;
    case 'F':
      return sql<SqlBool>`${level} NOT IN (${PROTECT_LEVEL}, ${WARNING_LEVEL})`;
  }
}

const HOUR_MS = 3600_000;
const isDate = (bound: string) => bound.length === 10;

/**
 * Start-time bounds. An instant is compared as it is. A date is the plant-local day of each
 * event's plant; the extra UTC bounds (local days start between UTC−12 and UTC+14) let the
 * start-time index narrow the scan before the exact per-plant comparison.
 */
function startTimeFrom(eb: ExpressionBuilder<Database, EventScope>, from: string) {
  if (!isDate(from)) return eb('events.started_at', '>=', new Date(from));
  const utcMidnight = Date.parse(`${from}T00:00:00Z`);
  return eb.and([
    eb('events.started_at', '>=', new Date(utcMidnight - 14 * HOUR_MS)),
    eb(
      'events.started_at',
      '>=',
      sql<Date>`(${from}::date)::timestamp AT TIME ZONE ${eb.ref('plants.time_zone')}`,
    ),
  ]);
}

function startTimeTo(eb: ExpressionBuilder<Database, EventScope>, to: string) {
  if (!isDate(to)) return eb('events.started_at', '<=', new Date(to));
  const nextUtcMidnight = Date.parse(`${to}T00:00:00Z`) + 24 * HOUR_MS;
  return eb.and([
    eb('events.started_at', '<', new Date(nextUtcMidnight + 12 * HOUR_MS)),
    eb(
      'events.started_at',
      '<',
      sql<Date>`(${to}::date + 1)::timestamp AT TIME ZONE ${eb.ref('plants.time_zone')}`,
    ),
  ]);
}

const SORT_COLUMNS = {
  startTime: 'events.started_at',
  endTime: 'events.ended_at',
  level: 'events.level',
  code: 'events.code',
  sn: 'devices.sn',
} as const satisfies Record<EventSortField, string>;

const EVENT_COLUMNS = [
  'events.id',
  'events.code',
  'events.level',
  'events.started_at',
  'events.ended_at',
  'events.acknowledged_at',
  'acknowledger.nickname as acknowledged_by_name',
  'devices.sn',
  'devices.kind',
  'plants.id as plant_id',
  'plants.name as plant_name',
  'plants.time_zone',
  'plants.currency',
] as const;

/**
 * The portal-wide event list: events of the devices whose datalogger belongs to a plant the
 * caller may see (`visiblePlants`, the one rule), so another company's events never appear and
 * never take an acknowledgement.
 */
export class EventsService {
  constructor(private readonly db: Db) {}

  /** Events the caller may see, joined to their device and plant. */
  private visibleEvents(auth: AuthContext) {
    return this.db
      .selectFrom('events')
      .innerJoin('devices', 'devices.id', 'events.device_id')
      .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
      .innerJoin('plants', 'plants.id', 'dataloggers.plant_id')
      .where(visiblePlants(auth));
  }

  private filtered(auth: AuthContext, query: EventFilterQuery) {
    let base = this.visibleEvents(auth);
    if (query.plantId !== undefined) base = base.where('plants.id', '=', query.plantId);
    const { level } = query;
    if (level !== undefined) base = base.where(levelLetterIs('events.level', level));
    if (query.deviceKind !== undefined) base = base.where('devices.kind', '=', query.deviceKind);
    if (query.status === 'open') base = base.where('events.ended_at', 'is', null);
    if (query.status === 'closed') base = base.where('events.ended_at', 'is not', null);
    const { from, to } = query;
    if (from !== undefined) base = base.where((eb) => startTimeFrom(eb, from));
    if (to !== undefined) base = base.where((eb) => startTimeTo(eb, to));
    const keyword = query.keyword?.trim();
    if (keyword) {
      base = base.where((eb) =>
        eb.or([
          eb('devices.sn', 'ilike', containsPattern(keyword)),
          ...(/^\d+$/.test(keyword) ? [eb('events.code', 'like', `${keyword}%`)] : []),
        ]),
      );
    }
    return base;
  }

  /**
   * The page or export rows. Of the descriptor's 13 languages only the caller's and English
   * (the fallback) are read: the whole set is some 2 kB per row, too much for an export.
   */
  private rowsOf(auth: AuthContext, query: EventFilterQuery, locale: Locale) {
    const direction = query.order;
    return this.filtered(auth, query)
      .leftJoin('event_descriptors', 'event_descriptors.code', 'events.code')
      .leftJoin('users as acknowledger', 'acknowledger.id', 'events.acknowledged_by')
      .select(EVENT_COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('event_lost_energy')
          .whereRef('event_lost_energy.event_id', '=', 'events.id')
          .select(
            sql<{
              kWh: number;
              value: number;
            } | null>`CASE WHEN count(*) = 0 THEN NULL ELSE json_build_object('kWh', SUM(lost_kwh), 'value', SUM(lost_value)) END`.as(
              'lost',
            ),
          )
          .as('lost'),
      )
      .select(
        sql<unknown>`jsonb_build_object(${locale}::text, event_descriptors.texts -> ${locale}::text, 'en', event_descriptors.texts -> 'en')`.as(
          'texts',
        ),
      )
      .orderBy(SORT_COLUMNS[query.sort], direction)
      .orderBy('events.id', direction);
  }

  async list(
    auth: AuthContext,
    query: EventListQuery,
    locale: Locale,
  ): Promise<{ rows: EventRecord[]; total: number }> {
    return fetchPage(
      this.rowsOf(auth, query, locale),
      this.filtered(auth, query).select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  /** How many events the filters select (an export's progress counts against it). */
  async count(auth: AuthContext, query: EventFilterQuery): Promise<number> {
    const { total } = await this.filtered(auth, query)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(total);
  }

  /** The rows of an export, read through a cursor in chunks: never all in memory. */
  stream(auth: AuthContext, query: EventFilterQuery, locale: Locale): AsyncIterable<EventRecord> {
    return this.rowsOf(auth, query, locale).stream(1000);
  }

  /**
   * Acknowledges the events `ids`, all or none: when any of them is no event the caller may
   * see, nothing changes and the refusal (code 2) names those ids in `data.notFound`. An event
   * acknowledged before keeps its first who and when.
   */
  async acknowledge(auth: AuthContext, input: EventAcknowledgement) {
    const ids = [...new Set(input.ids)];
    return retryingTransaction(this.db, async (trx) => {
      const visible = await new EventsService(trx)
        .visibleEvents(auth)
        .select(['events.id', 'events.acknowledged_at'])
        .where('events.id', 'in', ids)
        .forUpdate('events')
        .execute();
      const visibleIds = new Set(visible.map((row) => row.id));
      const notFound = ids.filter((id) => !visibleIds.has(id));
      if (notFound.length > 0) {
        throw new AppError(ErrorCode.noPermission, 'events not visible', { notFound });
      }
      const fresh = visible.filter((row) => row.acknowledged_at === null).map((row) => row.id);
      if (fresh.length > 0) {
        await trx
          .updateTable('events')
          .set({ acknowledged_at: new Date(), acknowledged_by: auth.userId })
          .where('id', 'in', fresh)
          .execute();
      }
      return {
        acknowledged: fresh,
        alreadyAcknowledged: visible
          .filter((row) => row.acknowledged_at !== null)
          .map((row) => row.id),
      };
    });
  }

  /** The event catalogue: codes starting with `code`, of a level, or with words in a text. */
  async descriptions(
    query: EventDescriptionQuery,
    locale: Locale,
  ): Promise<{ rows: EventDescriptorRecord[]; total: number }> {
    let base = this.db.selectFrom('event_descriptors');
    if (query.code !== undefined) base = base.where('code', 'like', `${query.code}%`);
    const { level } = query;
    if (level !== undefined) {
      base = base.where(levelLetterIs('event_descriptors.level', level));
    }
    const keyword = query.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      base = base.where((eb) =>
        eb.or([
          eb(sql<string>`texts -> ${locale} ->> 'text'`, 'ilike', pattern),
          eb(sql<string>`texts -> ${locale} ->> 'suggestion'`, 'ilike', pattern),
          eb(sql<string>`texts -> 'en' ->> 'text'`, 'ilike', pattern),
        ]),
      );
    }
    return fetchPage(
      base
        .select(['code', 'level', 'texts'])
        .orderBy(sql`length(code)`)
        .orderBy('code'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }
}
