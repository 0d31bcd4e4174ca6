import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { accessTokenOf, getData, postForm, postJson } from './portal-api.js';
import { stopProcessGroup } from './process-group.js';
import { DEMO_FAILING_INVERTER, REPO_ROOT } from './server.js';

/** The first spare datalogger of the embedded demo seed (README, docs/device-protocol.md). */
export const SPARE_DATALOGGER = { sn: 'DEMOSPARE01', key: 'SPAREKEY01' } as const;
/** The owner's live plant when the server seeds no demo plants (DATABASE_URL). */
const OWNER_LIVE_PLANT = 'E2E Live Home';
const OWNER_DATALOGGER = { sn: 'E2ELIVE01', key: 'E2ELIVEKEY01' } as const;
const MUNICH = { latitude: 48.137, longitude: 11.575, timeZone: 'Europe/Berlin' } as const;
const EQUATOR_UTC = { latitude: 0, longitude: 0, timeZone: 'UTC' } as const;
/** The catalogue's code for a datalogger SN that is registered already. */
const DATALOGGER_REGISTERED = 301;
/** Seconds between two records of the spec's own dataloggers. */
const INTERVAL_SECONDS = 5;

/**
 * Without DATABASE_URL the server seeds the demo plants and spare dataloggers and feeds them
 * itself (every SIMULATOR_INTERVAL_SECONDS); with it, the specs seed and feed their own.
 */
export function serverFeedsDemoData(): boolean {
  return !process.env.DATABASE_URL;
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** owner@example.com's located plant with a datalogger (seed-accounts.ts made the owner). */
export async function seedOwnerLivePlant(): Promise<void> {
  await withClient(async (client) => {
    const owner = await client.query<{ id: number }>(
      'SELECT id FROM users WHERE lower(email) = $1',
      ['owner@example.com'],
    );
    const ownerId = owner.rows[0]?.id;
    if (ownerId === undefined) throw new Error('owner@example.com is missing');
    const existing = await client.query('SELECT 1 FROM dataloggers WHERE sn = $1', [
      OWNER_DATALOGGER.sn,
    ]);
    if (existing.rowCount) return;
    await client.query('BEGIN');
    const plant = await client.query<{ id: number }>(
      `INSERT INTO plants (name, owner_user_id, capacity_kwp, latitude, longitude, time_zone, address)
       VALUES ($1, $2, 9.8, $3, $4, $5, 'Sonnenstraße 12') RETURNING id`,
      [OWNER_LIVE_PLANT, ownerId, MUNICH.latitude, MUNICH.longitude, MUNICH.timeZone],
    );
    await client.query(
      'INSERT INTO dataloggers (sn, registration_key, plant_id) VALUES ($1, $2, $3)',
      [OWNER_DATALOGGER.sn, OWNER_DATALOGGER.key, plant.rows[0]?.id],
    );
    await client.query('COMMIT');
  });
}

/** The spare datalogger as factory stock: known to the portal, bound to no plant. */
export async function seedUnboundSpare(): Promise<void> {
  await withClient(async (client) => {
    await client.query(
      `INSERT INTO dataloggers (sn, registration_key, plant_id) VALUES ($1, $2, NULL)
       ON CONFLICT (sn) DO UPDATE SET plant_id = NULL`,
      [SPARE_DATALOGGER.sn, SPARE_DATALOGGER.key],
    );
  });
}

/** The installer company's plant the command spec drives when the server seeds no demo plants. */
export const INSTALLER_COMMAND_PLANT = 'E2E Command Roof';
const INSTALLER_DATALOGGER = { sn: 'E2ECMD01', key: 'E2ECMDKEY01' } as const;
/** The inverter of that plant (the simulator names it after its datalogger). */
export const INSTALLER_COMMAND_INVERTER = `${INSTALLER_DATALOGGER.sn}-INV1`;
/** The demo inverters' model: its family has a register map, so the settings page has a form. */
const REGISTER_MAP_MODEL = '3303';

interface SeededPlant {
  name: string;
  datalogger: { sn: string; key: string };
  capacityKwp: number;
  location: { latitude: number; longitude: number; timeZone: string };
}

/** A plant of installer@example.com's company with a datalogger (seed-accounts.ts made both). */
async function seedInstallerPlant({
  name,
  datalogger,
  capacityKwp,
  location,
}: SeededPlant): Promise<void> {
  await withClient(async (client) => {
    const installer = await client.query<{ id: number; company_id: number }>(
      'SELECT id, company_id FROM users WHERE lower(email) = $1',
      ['installer@example.com'],
    );
    const row = installer.rows[0];
    if (row === undefined) throw new Error('installer@example.com is missing');
    const existing = await client.query('SELECT 1 FROM dataloggers WHERE sn = $1', [datalogger.sn]);
    if (existing.rowCount) return;
    await client.query('BEGIN');
    const plant = await client.query<{ id: number }>(
      `INSERT INTO plants (name, owner_user_id, company_id, capacity_kwp, latitude, longitude, time_zone, address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'E2E Street 1') RETURNING id`,
      [
        name,
        row.id,
        row.company_id,
        capacityKwp,
        location.latitude,
        location.longitude,
        location.timeZone,
      ],
    );
    await client.query(
      `INSERT INTO dataloggers (sn, registration_key, plant_id, owner_company_id, owner_user_id)
       VALUES ($1, $2, $3, $4, $5)`,
      [datalogger.sn, datalogger.key, plant.rows[0]?.id, row.company_id, row.id],
    );
    await client.query('COMMIT');
  });
}

export function seedInstallerCommandPlant(): Promise<void> {
  return seedInstallerPlant({
    name: INSTALLER_COMMAND_PLANT,
    datalogger: INSTALLER_DATALOGGER,
    capacityKwp: 8,
    location: EQUATOR_UTC,
  });
}

/**
 * The installer company's plants of the overview spec: two, so the dashboard lists them
 * (a single plant sends its user straight to the overview), at two places of the map.
 */
const INSTALLER_OVERVIEW_PLANTS = [
  {
    name: 'E2E Überdachung Süd',
    datalogger: { sn: 'E2EOVR01', key: 'E2EOVRKEY01' },
    capacityKwp: 12.4,
    location: MUNICH,
  },
  {
    name: 'E2E Napa Winery Roof',
    datalogger: { sn: 'E2EOVR02', key: 'E2EOVRKEY02' },
    capacityKwp: 48,
    location: { latitude: 38.3, longitude: -122.29, timeZone: 'America/Los_Angeles' },
  },
] as const satisfies readonly SeededPlant[];

export async function seedInstallerOverviewPlants(): Promise<void> {
  for (const plant of INSTALLER_OVERVIEW_PLANTS) await seedInstallerPlant(plant);
}

/** The installer company's plant with a switch the switch-task spec drives (DATABASE_URL). */
export const INSTALLER_SWITCH_PLANT = 'E2E Switch Roof';
const SWITCH_DATALOGGER = { sn: 'E2ESWT01', key: 'E2ESWTKEY01' } as const;
/** The switch of that plant (the simulator reports it after its first record). */
export const INSTALLER_SWITCH = `${SWITCH_DATALOGGER.sn}-SW1`;

/** The switch plant, without the tasks earlier runs left on its switch. */
export async function seedInstallerSwitchPlant(): Promise<void> {
  await seedInstallerPlant({
    name: INSTALLER_SWITCH_PLANT,
    datalogger: SWITCH_DATALOGGER,
    capacityKwp: 8,
    location: MUNICH,
  });
  await withClient((client) =>
    client.query(
      'DELETE FROM switch_tasks WHERE device_id IN (SELECT id FROM devices WHERE sn = $1)',
      [INSTALLER_SWITCH],
    ),
  );
}

export interface RunningDataloggers {
  stop(): Promise<void>;
}

/**
 * The installer's command plant, seeded and fed by the spec's own simulator when the server
 * feeds no demo data (DATABASE_URL); null in embedded mode, where the demo plants serve.
 */
export async function startInstallerCommandPlant(): Promise<RunningDataloggers | null> {
  if (serverFeedsDemoData()) return null;
  await seedInstallerCommandPlant();
  return startInstallerDatalogger();
}

interface SimulatedPlantOptions {
  location?: { latitude: number; longitude: number; timeZone: string };
  /** An inverter model code of the table (with a register map), e.g. the demo's `3303`. */
  inverterModel?: string;
  /** Switches behind the datalogger, with the load each switches. */
  switches?: { sn: string; loadW: number }[];
  /** False for a grid-tied plant without battery (default true). */
  hasBattery?: boolean;
}

function simulatedPlant(
  name: string,
  datalogger: { sn: string; key: string },
  dcKwp: number,
  { location = MUNICH, inverterModel, switches, hasBattery = true }: SimulatedPlantOptions = {},
) {
  const inverter = { sn: `${datalogger.sn}-INV1`, dcKwp, ratedAcKw: dcKwp / 1.15 };
  return {
    name,
    ...location,
    datalogger,
    inverters: [inverterModel ? { ...inverter, model: inverterModel } : inverter],
    meter: { sn: `${datalogger.sn}-MET1` },
    ...(hasBattery
      ? { battery: { sn: `${datalogger.sn}-BAT1`, capacityKwh: 10, maxPowerKw: 5 } }
      : {}),
    ...(switches ? { switches } : {}),
  };
}

/**
 * The simulator's build (`npm run sim`) as a separate process, publishing every few seconds to
 * the server's broker: MQTT_URL with the key in each payload, as real dataloggers do on an
 * external broker, or the embedded one (which leaves the specs' dataloggers to them).
 */
async function startDataloggers(
  plants: readonly object[],
  extraArgs: readonly string[] = [],
): Promise<RunningDataloggers> {
  const brokerUrl = process.env.MQTT_URL ?? process.env.E2E_BROKER_URL;
  if (!brokerUrl) throw new Error('the live specs need MQTT_URL or a server from global-setup');
  const keyArgs = process.env.MQTT_URL ? ['--include-key'] : [];
  const folder = await mkdtemp(path.join(tmpdir(), 'solar-e2e-sim-'));
  const file = path.join(folder, 'plants.json');
  await writeFile(file, JSON.stringify(plants));
  const args = ['simulator/dist/cli.js', '--plants', file, '--broker', brokerUrl];
  const child = spawn(
    process.execPath,
    [...args, '--interval', String(INTERVAL_SECONDS), ...keyArgs, '--calm', ...extraArgs],
    { cwd: REPO_ROOT, detached: true, stdio: 'ignore' },
  );
  return {
    stop: async () => {
      await stopProcessGroup(child, 5000);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The owner's plant with live data: a demo plant, or the spec's own (DATABASE_URL). */
export interface OwnerLivePlant {
  name: string;
  /** The spec's own datalogger, null where the server feeds the demo plant. */
  dataloggers: RunningDataloggers | null;
}

/**
 * The owner's live plant: the demo's "Sunny Home Munich" where the server feeds the demo
 * plants, else OWNER_LIVE_PLANT, seeded and fed by the spec's own simulated datalogger.
 */
export async function startOwnerLivePlant(): Promise<OwnerLivePlant> {
  if (serverFeedsDemoData()) return { name: 'Sunny Home Munich', dataloggers: null };
  await seedOwnerLivePlant();
  return {
    name: OWNER_LIVE_PLANT,
    dataloggers: await startDataloggers([simulatedPlant(OWNER_LIVE_PLANT, OWNER_DATALOGGER, 9.8)]),
  };
}

/**
 * The installer's datalogger, simulated on the equator where the sun is at its highest right
 * now, so its inverter produces whenever the spec runs and a shutdown visibly stops it.
 */
export function startInstallerDatalogger(): Promise<RunningDataloggers> {
  return startDataloggers([
    simulatedPlant(INSTALLER_COMMAND_PLANT, INSTALLER_DATALOGGER, 8, {
      location: noonOnTheEquator(),
      inverterModel: REGISTER_MAP_MODEL,
    }),
  ]);
}

/** The place on the equator where the sun stands highest right now. */
function noonOnTheEquator(): { latitude: number; longitude: number; timeZone: string } {
  const now = new Date();
  const utcHours = now.getUTCHours() + now.getUTCMinutes() / 60;
  const longitude = (((12 - utcHours) * 15 + 540) % 360) - 180;
  return { latitude: 0, longitude, timeZone: 'UTC' };
}

/**
 * The installer company's grid-tied plant of the energy-flow spec (DATABASE_URL): no battery,
 * so the grid takes all that production and household load leave over.
 */
export const INSTALLER_FLOW_PLANT = 'E2E Flow Roof';
const FLOW_DATALOGGER = { sn: 'E2EFLW01', key: 'E2EFLWKEY01' } as const;
/** Its inverter (the simulator names it after its datalogger). */
export const INSTALLER_FLOW_INVERTER = `${FLOW_DATALOGGER.sn}-INV1`;
const FLOW_PLANT_KWP = 20;

const FLOW_PLANT: SeededPlant = {
  name: INSTALLER_FLOW_PLANT,
  datalogger: FLOW_DATALOGGER,
  capacityKwp: FLOW_PLANT_KWP,
  location: EQUATOR_UTC,
};

/** The flow plant: through the portal's API in embedded mode, else straight into DATABASE_URL. */
export function seedInstallerFlowPlant(baseUrl: string): Promise<void> {
  return serverFeedsDemoData()
    ? createInstallerPlantThroughPortal(baseUrl, FLOW_PLANT)
    : seedInstallerPlant(FLOW_PLANT);
}

/**
 * As a real installation goes: the platform administrator registers the datalogger from the
 * factory (301 when a earlier run did), the installer creates the plant and binds it.
 */
async function createInstallerPlantThroughPortal(
  baseUrl: string,
  { name, datalogger, capacityKwp, location }: SeededPlant,
): Promise<void> {
  const installer = await accessTokenOf(baseUrl, 'installer@example.com');
  const existing = await getData<{ infos: { name: string }[] }>(
    baseUrl,
    installer,
    `/api/v1/plants?page=1&size=10&name=${encodeURIComponent(name)}`,
  );
  if (existing.infos.some((plant) => plant.name === name)) return;
  const admin = await accessTokenOf(baseUrl, 'admin@example.com');
  await postForm(baseUrl, admin, '/api/v1/management/dataloggers', datalogger, [
    DATALOGGER_REGISTERED,
  ]);
  const plant = await postJson<{ id: number }>(baseUrl, installer, '/api/v1/plant', {
    name,
    capacityKwp,
    plantType: 'grid',
    ...location,
  });
  await postJson(baseUrl, installer, `/api/v1/plant/${plant.id}/gateway`, datalogger);
}

/**
 * Feeds the flow plant as if it stood at noon on the equator, so it sells to the grid while
 * its inverter runs (even under clouds) and buys once it is shut down.
 */
export function startInstallerFlowDatalogger(): Promise<RunningDataloggers> {
  return startDataloggers([
    simulatedPlant(INSTALLER_FLOW_PLANT, FLOW_DATALOGGER, FLOW_PLANT_KWP, {
      location: noonOnTheEquator(),
      hasBattery: false,
    }),
  ]);
}

export function startInstallerOverviewDataloggers(): Promise<RunningDataloggers> {
  return startDataloggers(
    INSTALLER_OVERVIEW_PLANTS.map((plant) =>
      simulatedPlant(plant.name, plant.datalogger, plant.capacityKwp, { location: plant.location }),
    ),
  );
}

/**
 * Runs `work` while the installer's overview plants are live: the server's own demo plants in
 * embedded mode, the spec's seeded and simulated ones with DATABASE_URL.
 */
export async function withInstallerOverviewPlants(work: () => Promise<void>): Promise<void> {
  let dataloggers: RunningDataloggers | null = null;
  if (!serverFeedsDemoData()) {
    await seedInstallerOverviewPlants();
    dataloggers = await startInstallerOverviewDataloggers();
  }
  try {
    await work();
  } finally {
    await dataloggers?.stop();
  }
}

export function startSpareDatalogger(): Promise<RunningDataloggers> {
  return startDataloggers([simulatedPlant('Spare datalogger', SPARE_DATALOGGER, 5)]);
}

export function startInstallerSwitchDatalogger(): Promise<RunningDataloggers> {
  return startDataloggers([
    simulatedPlant(INSTALLER_SWITCH_PLANT, SWITCH_DATALOGGER, 5, {
      switches: [{ sn: INSTALLER_SWITCH, loadW: 1500 }],
    }),
  ]);
}

/**
 * The installer company's plant with the families the demo plants carry in embedded mode: a
 * weather station, a combiner box, a heat pump, a storage system and an EPM (DATABASE_URL).
 */
export const INSTALLER_FAMILIES_PLANT = 'E2E Families Yard';
const FAMILIES_DATALOGGER = { sn: 'E2EFAM01', key: 'E2EFAMKEY01' } as const;

export function seedInstallerFamiliesPlant(): Promise<void> {
  return seedInstallerPlant({
    name: INSTALLER_FAMILIES_PLANT,
    datalogger: FAMILIES_DATALOGGER,
    capacityKwp: 10,
    location: MUNICH,
  });
}

export function startInstallerFamiliesDatalogger(): Promise<RunningDataloggers> {
  const sn = FAMILIES_DATALOGGER.sn;
  return startDataloggers([
    {
      ...simulatedPlant(INSTALLER_FAMILIES_PLANT, FAMILIES_DATALOGGER, 10),
      weather: { sn: `${sn}-WEA1` },
      boxes: [{ sn: `${sn}-BOX1`, strings: 8 }],
      heatPumps: [{ sn: `${sn}-HP1`, ratedKw: 6 }],
      storageSystems: [{ sn: `${sn}-ESS1`, capacityKwh: 20, maxPowerKw: 10 }],
      epm: { sn: `${sn}-EPM1` },
    },
  ]);
}

/** The installer's campaign fleet (DATABASE_URL): one datalogger with ten inverters. */
export const CAMPAIGN_FLEET_PLANT = 'E2E Campaign Fleet';
const FLEET_DATALOGGER = { sn: 'E2EFLT01', key: 'E2EFLTKEY01' } as const;
const FLEET_SIZE = 10;
/** The fleet's model: its own, so no other spec's inverter joins the campaign. */
const FLEET_MODEL = '3305';
const fleetInverters = Array.from(
  { length: FLEET_SIZE },
  (_, index) => `${FLEET_DATALOGGER.sn}-INV${String(index + 1).padStart(2, '0')}`,
);

/**
 * The ten devices a campaign spec upgrades, with the one told to fail (a checksum mismatch):
 * the installer's ten demo inverters in embedded mode, else the spec's own fleet.
 */
export function campaignFleet(): { model: string; sns: string[]; failing: string } {
  if (serverFeedsDemoData()) {
    const sns = ['0301', '0302', '0303', '0401', '0402', '0501', '0502', '0503', '0504', '0601'];
    return {
      model: REGISTER_MAP_MODEL,
      sns: sns.map((n) => `DEMOINV${n}`),
      failing: DEMO_FAILING_INVERTER,
    };
  }
  // In the first wave: a canary takes at most half the devices, in serial-number order.
  return { model: FLEET_MODEL, sns: fleetInverters, failing: fleetInverters[1]! };
}

/** The fleet, seeded and simulated (its failing inverter told so); null in embedded mode. */
export async function startCampaignFleet(): Promise<RunningDataloggers | null> {
  if (serverFeedsDemoData()) return null;
  const location = { latitude: 0, longitude: 0, timeZone: 'UTC' };
  await seedInstallerPlant({
    name: CAMPAIGN_FLEET_PLANT,
    datalogger: FLEET_DATALOGGER,
    capacityKwp: 110,
    location,
  });
  const plant = simulatedPlant(CAMPAIGN_FLEET_PLANT, FLEET_DATALOGGER, 11, { location });
  const inverters = fleetInverters.map((sn) => ({
    sn,
    dcKwp: 11,
    ratedAcKw: 10,
    model: FLEET_MODEL,
  }));
  return startDataloggers(
    [{ ...plant, inverters }],
    ['--upgrade-failures', `${campaignFleet().failing}=checksum`],
  );
}
