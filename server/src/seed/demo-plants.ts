import { randomBytes } from 'node:crypto';
import {
  historyBatches,
  normalYieldKwhPerKwp,
  PlantSimulator,
  type SimulatedPlant,
  simulatedPlant,
  SUNSPEC_DEMO_SITE,
} from '@solar/simulator';
import type { DeviceKind } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/database.js';
import type { IngestionService } from '../ingestion/ingestion-service.js';
import type { PlantType } from '../plants/plants.tables.js';
import { insertAccount } from '../accounts/account-records.js';
import { seedDemoCameras } from '../video/demo-cameras.js';
import { seedDemoWorkOrder } from '../work-orders/demo-work-order.js';
import { DEMO_COMPANY_NAME, DEMO_PASSWORD } from './demo-accounts.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** The customer who owns the plant shared with owner@example.com as visitor. */
export const DEMO_NEIGHBOUR_EMAIL = 'neighbour@example.com';
export const DEMO_HISTORY_DAYS = 30;
const INVERTER_MODEL_CODE = '3303';

type Owner = 'owner' | 'neighbour' | 'installer';

interface DemoPlant {
  code: string;
  name: string;
  owner: Owner;
  timeZone: string;
  latitude: number;
  longitude: number;
  address: string;
  /** ISO 3166-1 alpha-2, as the plant form's region picker expects. */
  countryCode: string;
  city: string;
  plantType: PlantType;
  currency: string;
  /** DC peak power of each inverter, kWp. */
  inverterKwp: number[];
  batteryKwh: number;
  loadScale: number;
  /** A combiner box (8 strings) and a heat pump of this rated power, kW. */
  boxAndHeatPumpKw?: number;
}

const DEMO_COMMISSIONING_DATE = '2025-04-01';

/**
 * The demo plants' cumulative generation offset: what each made from commissioning until its
 * simulated history starts, by its site's irradiation normals, so "total" is a plausible
 * lifetime for the plant's age rather than the last 30 days.
 */
export function generationBeforeHistory(
  demo: Pick<DemoPlant, 'latitude' | 'longitude'>,
  capacityKwp: number,
  now = new Date(),
): number {
  const historyStart = new Date(now.getTime() - DEMO_HISTORY_DAYS * 86_400_000);
  const commissioned = new Date(`${DEMO_COMMISSIONING_DATE}T00:00:00Z`);
  const perKwp =
    normalYieldKwhPerKwp(demo.latitude, demo.longitude, commissioned, historyStart) ?? 0;
  return Math.round(Math.max(0, perKwp) * capacityKwp * 10) / 10;
}

const DEMO_PLANTS: readonly DemoPlant[] = [
  {
    code: '01',
    name: 'Sunny Home Munich',
    owner: 'owner',
    timeZone: 'Europe/Berlin',
    latitude: 48.137,
    longitude: 11.575,
    address: 'Sonnenstraße 12',
    countryCode: 'DE',
    city: 'Munich',
    plantType: 'ac_coupled',
    currency: 'EUR',
    inverterKwp: [9.8],
    batteryKwh: 10,
    loadScale: 1,
  },
  {
    code: '02',
    name: 'Neighbour Roof Hamburg',
    owner: 'neighbour',
    timeZone: 'Europe/Berlin',
    latitude: 53.551,
    longitude: 9.993,
    address: 'Elbchaussee 5',
    countryCode: 'DE',
    city: 'Hamburg',
    plantType: 'grid',
    currency: 'EUR',
    inverterKwp: [6.5],
    batteryKwh: 5,
    loadScale: 0.8,
  },
  {
    code: '03',
    name: 'Installer HQ Stuttgart',
    owner: 'installer',
    timeZone: 'Europe/Berlin',
    latitude: 48.776,
    longitude: 9.183,
    address: 'Industriestraße 40',
    countryCode: 'DE',
    city: 'Stuttgart',
    plantType: 'dc_coupled',
    currency: 'EUR',
    inverterKwp: [12, 12, 10],
    batteryKwh: 30,
    loadScale: 4,
    boxAndHeatPumpKw: 8,
  },
  {
    code: '04',
    name: 'Napa Valley Winery',
    owner: 'installer',
    timeZone: 'America/Los_Angeles',
    latitude: 38.297,
    longitude: -122.286,
    address: '1200 Vineyard Rd',
    countryCode: 'US',
    city: 'Napa',
    plantType: 'grid',
    currency: 'USD',
    inverterKwp: [25, 25],
    batteryKwh: 40,
    loadScale: 6,
  },
  {
    code: '05',
    name: 'Shanghai Logistics Park',
    owner: 'installer',
    timeZone: 'Asia/Shanghai',
    latitude: 31.23,
    longitude: 121.474,
    address: '88 Pudong Ave',
    countryCode: 'CN',
    city: 'Shanghai',
    plantType: 'grid',
    currency: 'CNY',
    inverterKwp: [30, 30, 30, 30],
    batteryKwh: 60,
    loadScale: 12,
  },
  {
    code: '06',
    name: 'Bondi Beach House',
    owner: 'installer',
    timeZone: 'Australia/Sydney',
    latitude: -33.891,
    longitude: 151.277,
    address: '7 Campbell Parade',
    countryCode: 'AU',
    city: 'Sydney',
    plantType: 'ac_coupled',
    currency: 'AUD',
    inverterKwp: [8],
    batteryKwh: 13.5,
    loadScale: 1.2,
  },
];

/**
 * Factory stock: dataloggers bound to no plant, with keys documented in the README, so
 * binding a datalogger can be tried in the demo (the live simulator feeds them too).
 */
export const DEMO_SPARE_DATALOGGERS = [
  { sn: 'DEMOSPARE01', key: 'SPAREKEY01' },
  { sn: 'DEMOSPARE02', key: 'SPAREKEY02' },
] as const;

/**
 * Factory stock for the edge agent's demo (README, edge/examples/demo.json): the agent reads the
 * simulator's SunSpec devices and reports them under this datalogger, so the simulator's own
 * feed leaves it alone (two clients with one client id would push each other off the broker).
 */
export const DEMO_EDGE_DATALOGGER = SUNSPEC_DEMO_SITE.datalogger;

/** Adds the edge demo's datalogger when it is missing, also to a demo seeded before it existed. */
export async function seedEdgeDemoDatalogger({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  await db
    .insertInto('dataloggers')
    .values({
      sn: DEMO_EDGE_DATALOGGER.sn,
      registration_key: DEMO_EDGE_DATALOGGER.key,
      alias: 'Edge agent (SunSpec demo)',
      hardware_version: 'Edge agent',
      software_version: null,
      signal_strength: null,
    })
    .onConflict((oc) => oc.column('sn').doNothing())
    .execute();
}

function demoSerials(code: string, inverterCount: number) {
  return {
    datalogger: `DEMODL00${code}`,
    inverters: Array.from(
      { length: inverterCount },
      (_, i) => `DEMOINV${code}${String(i + 1).padStart(2, '0')}`,
    ),
    meter: `DEMOMET00${code}`,
    battery: `DEMOBAT00${code}`,
    weather: `DEMOWEA00${code}`,
    box: `DEMOBOX00${code}`,
    heatPump: `DEMOHP000${code}`,
    switch: `DEMOSWI00${code}`,
    epm: `DEMOEPM00${code}`,
    ess: `DEMOESS00${code}`,
  };
}

/**
 * The demo plant whose datalogger also has a smart switch (a 2 kW heater), an EPM and an
 * energy-storage system.
 */
const SWITCHED_PLANT_CODE = '03';
const DEMO_SWITCH_LOAD_KW = 2;
const DEMO_ESS = { capacityKwh: 50, maxPowerKw: 25 } as const;

/** Inverters are sized at about 1.15 DC/AC, so clear middays clip a little, as on real roofs. */
function ratedAcKw(dcKwp: number): number {
  return Math.round((dcKwp / 1.15) * 10) / 10;
}

async function userIdByEmail(db: Db, email: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.id ?? null;
}

async function ensureNeighbour(db: Db, companyId: number): Promise<number> {
  const existing = await userIdByEmail(db, DEMO_NEIGHBOUR_EMAIL);
  if (existing !== null) return existing;
  const neighbourId = await insertAccount(db, {
    email: DEMO_NEIGHBOUR_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    nickname: 'Demo Neighbour',
    kind: 'owner',
  });
  await db
    .insertInto('customers')
    .values({ company_id: companyId, user_id: neighbourId, type_id: null, remark: 'Demo customer' })
    .execute();
  return neighbourId;
}

/**
 * The demo plants of CONTRACT.md, created once in embedded mode (after the demo accounts):
 * six plants in four time zones, each with a datalogger, inverters, a meter, a battery and a
 * weather station, and the spare dataloggers. Returns the plants to backfill, or null when they exist already.
 */
export async function seedDemoPlants({
  db,
}: Pick<AppDeps, 'db'>): Promise<SimulatedPlant[] | null> {
  const already = await db
    .selectFrom('dataloggers')
    .select('id')
    .where('sn', '=', demoSerials('01', 1).datalogger)
    .executeTakeFirst();
  if (already) return null;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', DEMO_COMPANY_NAME)
    .executeTakeFirst();
  const ownerId = await userIdByEmail(db, 'owner@example.com');
  const installerId = await userIdByEmail(db, 'installer@example.com');
  if (!company || ownerId === null || installerId === null) return null;
  const neighbourId = await ensureNeighbour(db, company.id);
  const ownerIds: Record<Owner, number> = {
    owner: ownerId,
    neighbour: neighbourId,
    installer: installerId,
  };

  return retryingTransaction(db, async (trx) => {
    await trx
      .insertInto('dataloggers')
      .values(
        DEMO_SPARE_DATALOGGERS.map(({ sn, key }) => ({
          sn,
          registration_key: key,
          alias: 'Spare datalogger',
          hardware_version: 'HW 2.1',
          software_version: 'FW 3.4.2',
          signal_strength: 80,
        })),
      )
      .onConflict((oc) => oc.column('sn').doNothing())
      .execute();
    const plants: SimulatedPlant[] = [];
    for (const demo of DEMO_PLANTS) {
      const capacity = demo.inverterKwp.reduce((sum, kwp) => sum + kwp, 0);
      const plant = await trx
        .insertInto('plants')
        .values({
          name: demo.name,
          owner_user_id: ownerIds[demo.owner],
          // Customers' own plants stay private (company plants cannot be shared, code 703).
          company_id: demo.owner === 'installer' ? company.id : null,
          capacity_kwp: capacity,
          commissioning_date: DEMO_COMMISSIONING_DATE,
          generation_offset_kwh: generationBeforeHistory(demo, capacity),
          plant_type: demo.plantType,
          currency: demo.currency,
          constant_price: 0.3,
          longitude: demo.longitude,
          latitude: demo.latitude,
          address: demo.address,
          time_zone: demo.timeZone,
          region_country: demo.countryCode,
          region_state: null,
          region_city: demo.city,
          picture_url: null,
          total_investment: capacity * 1200,
          installer_email: 'installer@example.com',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (demo.owner === 'neighbour') {
        await trx
          .insertInto('plant_shares')
          .values({ plant_id: plant.id, user_id: ownerId, role: 'visitor' })
          .execute();
      }
      const serials = demoSerials(demo.code, demo.inverterKwp.length);
      const isSwitched = demo.code === SWITCHED_PLANT_CODE;
      const key = randomBytes(8).toString('hex').toUpperCase();
      const datalogger = await trx
        .insertInto('dataloggers')
        .values({
          sn: serials.datalogger,
          registration_key: key,
          plant_id: plant.id,
          // Held by the plant's company and owner, so it stays in their list after an unbind.
          owner_company_id: demo.owner === 'installer' ? company.id : null,
          owner_user_id: ownerIds[demo.owner],
          alias: `${demo.city} datalogger`,
          hardware_version: 'HW 2.1',
          software_version: 'FW 3.4.2',
          signal_strength: 80,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const device = (
        sn: string,
        kind: DeviceKind,
        model: string | null,
        ratedKw: number | null,
        dcPeakKw: number | null = null,
      ) => ({
        datalogger_id: datalogger.id,
        sn,
        kind,
        model_code: model,
        alias: null,
        rated_power_kw: ratedKw,
        dc_peak_kw: dcPeakKw,
        last_seen_at: null,
      });
      await trx
        .insertInto('devices')
        .values([
          ...serials.inverters.map((sn, i) =>
            device(
              sn,
              'inverter',
              INVERTER_MODEL_CODE,
              ratedAcKw(demo.inverterKwp[i]!),
              demo.inverterKwp[i]!,
            ),
          ),
          device(serials.meter, 'meter', 'DTSU666', null),
          device(serials.battery, 'battery', 'LFP-HV', demo.batteryKwh / 2),
          device(serials.weather, 'weather', 'WS-100', null),
          ...(demo.boxAndHeatPumpKw
            ? [
                device(serials.box, 'box', 'CB-8', null),
                device(serials.heatPump, 'heat_pump', 'HP-AW', demo.boxAndHeatPumpKw),
              ]
            : []),
          ...(isSwitched
            ? [
                device(serials.switch, 'switch', 'SW-16A', DEMO_SWITCH_LOAD_KW),
                device(serials.epm, 'epm', 'EPM-3P', null),
                device(serials.ess, 'ess', 'ESS-50', DEMO_ESS.maxPowerKw),
              ]
            : []),
        ])
        .execute();
      plants.push(
        simulatedPlant.parse({
          name: demo.name,
          latitude: demo.latitude,
          longitude: demo.longitude,
          timeZone: demo.timeZone,
          seed: Number(demo.code),
          datalogger: { sn: serials.datalogger, key },
          inverters: serials.inverters.map((sn, i) => ({
            sn,
            model: INVERTER_MODEL_CODE,
            dcKwp: demo.inverterKwp[i]!,
            ratedAcKw: ratedAcKw(demo.inverterKwp[i]!),
          })),
          meter: { sn: serials.meter },
          battery: {
            sn: serials.battery,
            capacityKwh: demo.batteryKwh,
            maxPowerKw: demo.batteryKwh / 2,
          },
          weather: { sn: serials.weather },
          ...(demo.boxAndHeatPumpKw
            ? {
                boxes: [{ sn: serials.box, strings: 8 }],
                heatPumps: [{ sn: serials.heatPump, ratedKw: demo.boxAndHeatPumpKw }],
              }
            : {}),
          ...(isSwitched
            ? {
                switches: [{ sn: serials.switch, loadW: DEMO_SWITCH_LOAD_KW * 1000 }],
                epm: { sn: serials.epm },
                storageSystems: [{ sn: serials.ess, ...DEMO_ESS }],
              }
            : {}),
          loadScale: demo.loadScale,
        }),
      );
    }
    await seedDemoCameras(trx, company.id);
    await seedDemoWorkOrder(trx, company.id, installerId);
    return plants;
  });
}

/**
 * 30 days of 5-minute history for freshly seeded plants, generated by the simulator and
 * stored through the same ingestion path as live data (one transaction per day and plant).
 */
export async function backfillDemoPlants(
  deps: Pick<AppDeps, 'logger'>,
  service: IngestionService,
  plants: readonly SimulatedPlant[],
  shouldStop: () => boolean = () => false,
  days = DEMO_HISTORY_DAYS,
  now = new Date(),
): Promise<void> {
  const from = new Date(now.getTime() - days * 86_400_000);
  for (const plant of plants) {
    const started = Date.now();
    const datalogger = await service.directory.find(plant.datalogger.sn);
    if (!datalogger) continue;
    let records = 0;
    for (const batch of historyBatches(new PlantSimulator(plant), from, now)) {
      if (shouldStop()) return;
      await service.ingestRecords(datalogger, batch);
      records += batch.length;
    }
    deps.logger.info(
      { plant: plant.name, records, seconds: (Date.now() - started) / 1000 },
      'demo history backfilled',
    );
  }
}
