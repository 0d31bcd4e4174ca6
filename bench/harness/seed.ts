import type pg from 'pg';
import type { AppDeps } from '../../server/src/app-deps.js';

export interface BenchOwnerOptions {
  email: string;
  /** Defaults to a hash no password matches, for benchmarks that sign tokens directly. */
  passwordHash?: string;
}

/** A plant owner without company; returns its id. */
export async function createBenchOwner(deps: AppDeps, options: BenchOwnerOptions): Promise<number> {
  const owner = await deps.db
    .insertInto('users')
    .values({
      email: options.email,
      password_hash: options.passwordHash ?? 'not-used',
      nickname: 'Bench',
      kind: 'owner',
      company_id: null,
      role_id: null,
      phone: null,
      avatar_url: null,
      theme_color: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return owner.id;
}

export interface BenchPlantsOptions {
  ownerId: number;
  count: number;
  /** Plant n takes time zone n modulo their number. */
  timeZones: readonly string[];
  /** The inverters' last values; none by default. */
  inverterValues?: Record<string, number>;
}

/**
 * `count` plants of the owner, each with one datalogger (`BENCHDL<plant id>`) and one inverter
 * (`BENCHINV<datalogger id>`), inserted by PostgreSQL itself: thousands in a second.
 */
export async function insertBenchPlants(client: pg.Client, options: BenchPlantsOptions) {
  const { ownerId, count, timeZones, inverterValues = {} } = options;
  await client.query(
    `INSERT INTO plants (name, owner_user_id, capacity_kwp, time_zone, constant_price)
     SELECT 'Bench plant ' || n, $1, 5 + n % 20, ($2::text[])[1 + n % cardinality($2::text[])], 0.2
     FROM generate_series(1, $3::int) AS n`,
    [ownerId, timeZones, count],
  );
  await client.query(
    `INSERT INTO dataloggers (sn, registration_key, plant_id)
     SELECT 'BENCHDL' || id, 'BENCHKEY', id FROM plants WHERE owner_user_id = $1`,
    [ownerId],
  );
  await client.query(
    `INSERT INTO devices (datalogger_id, sn, kind, status, last_seen_at, last_values)
     SELECT d.id, 'BENCHINV' || d.id, 'inverter', 'normal', now(), $2::jsonb
     FROM dataloggers d JOIN plants p ON p.id = d.plant_id WHERE p.owner_user_id = $1`,
    [ownerId, JSON.stringify(inverterValues)],
  );
}
