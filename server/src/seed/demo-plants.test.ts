import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  BACKFILL_STEP_SECONDS,
  PlantSimulator,
  plantsFromFleet,
  type SimulatedPlant,
  siteEnergyByDay,
  UNBOUND_LOCATION,
} from '@solar/simulator';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { IngestionService } from '../ingestion/ingestion-service.js';
import { closeDeps, createDeps, createLogger, type ServerDeps } from '../runtime.js';
import { seedDemoAccounts } from './demo-accounts.js';
import { loadSimulatorFleet } from './simulator-fleet.js';
import {
  backfillDemoPlants,
  DEMO_EDGE_DATALOGGER,
  DEMO_HISTORY_DAYS,
  DEMO_SPARE_DATALOGGERS,
  seedDemoPlants,
  seedEdgeDemoDatalogger,
} from './demo-plants.js';

/**
 * The demo seed writes fixed accounts (owner@example.com, …), so it runs in a database of
 * its own instead of the run's shared one.
 */
const baseUrl = inject('databaseUrl');
const databaseName = `demo_seed_${process.pid}_${Date.now()}`;
let deps: ServerDeps;
let databaseUrl: string;
/** The demo plants as the first test seeds them. */
let seeded: SimulatedPlant[];

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${databaseName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-demo-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIMULATOR: 'off' });
  databaseUrl = url.toString();
  deps = await createDeps(config, databaseUrl, createLogger(config));
});

afterAll(async () => {
  await closeDeps(deps);
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

describe('demo plants', () => {
  it('creates six plants in four time zones once, with owner, shared and company plants, and history', async () => {
    await seedDemoAccounts(deps);
    const plants = await seedDemoPlants(deps);
    expect(plants).toHaveLength(6);
    seeded = plants!;
    expect(new Set(plants!.map((p) => p.timeZone)).size).toBeGreaterThanOrEqual(3);
    expect(await seedDemoPlants(deps)).toBeNull();

    const owner = await deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'owner@example.com')
      .executeTakeFirstOrThrow();
    const owned = await deps.db
      .selectFrom('plants')
      .select('id')
      .where('owner_user_id', '=', owner.id)
      .execute();
    const shared = await deps.db
      .selectFrom('plant_shares')
      .select(['role'])
      .where('user_id', '=', owner.id)
      .execute();
    expect(owned).toHaveLength(1);
    expect(shared).toEqual([{ role: 'visitor' }]);
    const companyPlants = await deps.db
      .selectFrom('plants')
      .select('id')
      .where('company_id', 'is not', null)
      .execute();
    expect(companyPlants.length).toBeGreaterThanOrEqual(3);
    // Two simulated cameras on the company's first plants, so video shows pictures at once.
    const cameras = await deps.db
      .selectFrom('video_devices')
      .innerJoin('video_channels', 'video_channels.device_id', 'video_devices.id')
      .select(['video_devices.plant_id', 'video_devices.protocol'])
      .execute();
    expect(cameras).toHaveLength(2);
    for (const camera of cameras) {
      expect(camera.protocol).toBe('simulated');
      expect(companyPlants.map((plant) => plant.id)).toContain(camera.plant_id);
    }
    // One work order on a company plant, in progress, so its pages show something at once.
    const workOrders = await deps.db
      .selectFrom('work_orders')
      .select(['plant_id', 'status', 'assignee_id'])
      .execute();
    expect(workOrders).toHaveLength(1);
    expect(companyPlants.map((plant) => plant.id)).toContain(workOrders[0]!.plant_id);
    expect(workOrders[0]).toMatchObject({ status: 'inProgress', assignee_id: expect.any(Number) });
    const kinds = await sql<{ kind: string; n: number }>`
      SELECT kind, count(DISTINCT datalogger_id)::int AS n FROM devices GROUP BY kind ORDER BY kind`.execute(
      deps.db,
    );
    // Every plant has the four basic kinds; one also a combiner box, a heat pump, a smart switch,
    // an EPM and a storage system.
    const perPlant = {
      battery: 6,
      box: 1,
      epm: 1,
      ess: 1,
      heat_pump: 1,
      inverter: 6,
      meter: 6,
      switch: 1,
      weather: 6,
    };
    expect(kinds.rows).toEqual(Object.entries(perPlant).map(([kind, n]) => ({ kind, n })));

    await backfillDemoPlants(deps, new IngestionService(deps), plants!.slice(0, 1), () => false, 2);
    const days = await sql<{
      n: number;
    }>`SELECT count(DISTINCT day)::int AS n FROM energy_daily`.execute(deps.db);
    expect(days.rows[0]!.n).toBeGreaterThanOrEqual(2);
    const curve = await sql<{ n: number }>`SELECT count(*)::int AS n FROM power_5min`.execute(
      deps.db,
    );
    expect(curve.rows[0]!.n).toBeGreaterThan(400);
  }, 60_000);

  it('adds spare dataloggers bound to no plant, which the simulator feeds at a default location', async () => {
    const spares = await deps.db
      .selectFrom('dataloggers')
      .select(['sn', 'registration_key as key', 'plant_id as plantId'])
      .where('sn', 'like', 'DEMOSPARE%')
      .orderBy('sn')
      .execute();
    expect(spares).toEqual(DEMO_SPARE_DATALOGGERS.map((spare) => ({ ...spare, plantId: null })));

    const simulated = plantsFromFleet(await loadSimulatorFleet(deps.db));
    expect(simulated).toHaveLength(6 + spares.length);
    const spare = simulated.find((s) => s.plant.datalogger.sn === 'DEMOSPARE01')!.plant;
    expect(spare).toMatchObject({
      latitude: UNBOUND_LOCATION.latitude,
      longitude: UNBOUND_LOCATION.longitude,
      timeZone: UNBOUND_LOCATION.timeZone,
      datalogger: { sn: 'DEMOSPARE01', key: 'SPAREKEY01' },
      inverters: [{ sn: 'DEMOSPARE01-INV1', dcKwp: expect.closeTo(5) }],
      meter: { sn: 'DEMOSPARE01-MET1' },
    });
  });

  it("adds the edge demo's datalogger once, which the simulator leaves to the edge agent", async () => {
    await seedEdgeDemoDatalogger(deps);
    await seedEdgeDemoDatalogger(deps);
    const edge = await deps.db
      .selectFrom('dataloggers')
      .select(['sn', 'registration_key as key', 'plant_id as plantId'])
      .where('sn', '=', DEMO_EDGE_DATALOGGER.sn)
      .execute();
    expect(edge).toEqual([{ ...DEMO_EDGE_DATALOGGER, plantId: null }]);
    const fed = (await loadSimulatorFleet(deps.db)).map((datalogger) => datalogger.sn);
    expect(fed).toContain('DEMOSPARE01');
    expect(fed).not.toContain(DEMO_EDGE_DATALOGGER.sn);
  });

  it('gives every demo site a history that adds up each day within 1 %', () => {
    const now = Date.now();
    const stepMs = BACKFILL_STEP_SECONDS * 1000;
    const from = Math.ceil((now - DEMO_HISTORY_DAYS * 86_400_000) / stepMs) * stepMs;
    for (const plant of seeded) {
      // Every step, offline ones included: the backfill's simulator steps through them too.
      const simulator = new PlantSimulator(plant);
      const records = Array.from({ length: Math.floor((now - from) / stepMs) }, (_, i) =>
        simulator.step(new Date(from + i * stepMs), BACKFILL_STEP_SECONDS),
      );
      const days = siteEnergyByDay(records, plant.timeZone, BACKFILL_STEP_SECONDS);
      expect(days.length).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS);
      for (const day of days) {
        const inflow = day.pvKwh + day.importKwh + day.dischargeKwh;
        const outflow = day.loadKwh + day.exportKwh + day.chargeKwh;
        // Not a ratio: the window's first day may hold a few night steps with no flow at all.
        expect(Math.abs(inflow - outflow), `${plant.name} ${day.date}`).toBeLessThanOrEqual(
          0.01 * inflow,
        );
        expect(day.subLoadExcessW, `${plant.name} ${day.date}`).toBeLessThanOrEqual(0);
      }
    }
  }, 60_000);

  it('stores a site load of Stuttgart that holds its heat pump, and its storage system’s counters', async () => {
    const stuttgart = seeded.find((plant) => plant.heatPumps?.length)!;
    await backfillDemoPlants(deps, new IngestionService(deps), [stuttgart], () => false, 2);
    // Yesterday, plant-local, lies wholly in the two days of history.
    const days = await sql<{ load: number; pump: number; ess: number }>`
      WITH yesterday AS (
        SELECT (now() AT TIME ZONE 'Europe/Berlin')::date - 1 AS day
      )
      SELECT
        (SELECT sum(e.load_kwh) FROM energy_daily e JOIN devices d ON d.id = e.device_id
          WHERE d.sn = ${stuttgart.meter!.sn} AND e.day = y.day) AS load,
        (SELECT max((s.values->>'e_total_kwh')::float8) - min((s.values->>'e_total_kwh')::float8)
          FROM samples s JOIN devices d ON d.id = s.device_id
          WHERE d.sn = ${stuttgart.heatPumps![0]!.sn}
            AND (s.ts AT TIME ZONE 'Europe/Berlin')::date = y.day) AS pump,
        (SELECT count(*) FROM samples s JOIN devices d ON d.id = s.device_id
          WHERE d.sn = ${stuttgart.storageSystems![0]!.sn}
            AND s.values ? 'charge_kwh_total') AS ess
      FROM yesterday y`.execute(deps.db);
    const [day] = days.rows;
    expect(Number(day!.pump)).toBeGreaterThan(0);
    expect(Number(day!.load)).toBeGreaterThan(Number(day!.pump));
    expect(Number(day!.ess)).toBeGreaterThan(0);
  }, 60_000);
});
