import {
  historyBatches,
  PlantSimulator,
  type PlantWithCounters,
  plantsFromRows,
  startLiveSimulation,
} from '@solar/simulator';
import type { AppDeps } from '../app-deps.js';
import { backfillDemoPlants, seedDemoPlants } from '../seed/demo-plants.js';
import type { IngestionService } from './ingestion-service.js';
import type { Telemetry } from './telemetry-runtime.js';

/** How often (at most) the live simulation looks for dataloggers added in the portal. */
const NEW_PLANTS_POLL_MS = 60_000;
/** Where a datalogger bound to no plant (factory stock) reports from: Stuttgart. */
export const UNBOUND_LOCATION = {
  plantName: 'Unbound datalogger',
  latitude: 48.776,
  longitude: 9.183,
  timeZone: 'Europe/Berlin',
} as const;
/** Longer gaps than this are filled before going live; at most the demo history is filled. */
const CATCH_UP_AFTER_MS = 10 * 60_000;
const CATCH_UP_LIMIT_MS = 30 * 86_400_000;

/**
 * Every datalogger of a located plant, and every datalogger bound to no plant (at
 * UNBOUND_LOCATION, 5 kWp), described for the simulator (one without devices yet gets typical
 * ones, registered by its first records).
 */
export async function loadSimulatedPlants(db: AppDeps['db']): Promise<PlantWithCounters[]> {
  const rows = await db
    .selectFrom('dataloggers')
    .leftJoin('plants', 'plants.id', 'dataloggers.plant_id')
    .leftJoin('devices', 'devices.datalogger_id', 'dataloggers.id')
    .select([
      'dataloggers.id as dataloggerId',
      'dataloggers.sn as dataloggerSn',
      'dataloggers.registration_key as registrationKey',
      'plants.name as plantName',
      'plants.latitude',
      'plants.longitude',
      'plants.time_zone as timeZone',
      'plants.capacity_kwp as capacityKwp',
      'devices.sn',
      'devices.kind',
      'devices.model_code as modelCode',
      'devices.rated_power_kw as ratedPowerKw',
      'devices.last_values as lastValues',
      'devices.last_seen_at as lastSeenAt',
    ])
    .where((eb) =>
      eb.or([
        eb('dataloggers.plant_id', 'is', null),
        eb.and([eb('plants.latitude', 'is not', null), eb('plants.longitude', 'is not', null)]),
      ]),
    )
    .orderBy('dataloggers.id')
    .orderBy('devices.id')
    .execute();
  return plantsFromRows(
    rows.map((row) =>
      row.plantName === null
        ? { ...row, ...UNBOUND_LOCATION, capacityKwp: null }
        : {
            ...row,
            plantName: row.plantName,
            latitude: row.latitude!,
            longitude: row.longitude!,
            timeZone: row.timeZone!,
          },
    ),
  );
}

/**
 * While the portal was stopped, the simulated dataloggers would have kept measuring and
 * buffering; they upload that backlog now, so charts show no gap after a restart.
 */
async function catchUp(
  deps: Pick<AppDeps, 'logger'>,
  service: IngestionService,
  plants: readonly PlantWithCounters[],
  shouldStop: () => boolean,
  now = new Date(),
): Promise<void> {
  for (const { plant, counters, lastSeenAt } of plants) {
    if (!lastSeenAt || now.getTime() - lastSeenAt.getTime() < CATCH_UP_AFTER_MS) continue;
    const datalogger = await service.directory.find(plant.datalogger.sn);
    if (!datalogger) continue;
    const from = new Date(Math.max(lastSeenAt.getTime() + 1, now.getTime() - CATCH_UP_LIMIT_MS));
    let records = 0;
    for (const batch of historyBatches(new PlantSimulator(plant, { counters }), from, now)) {
      if (shouldStop()) return;
      await service.ingestRecords(datalogger, batch);
      records += batch.length;
    }
    deps.logger.info({ plant: plant.name, records }, 'simulated backlog uploaded');
  }
}

export interface Simulation {
  stop(): Promise<void>;
}

/**
 * In embedded mode: the demo plants (once) with their 30-day history, then, when SIMULATOR
 * is on (or auto in embedded mode), live data for every located plant over MQTT. The history
 * runs in the background so the portal answers meanwhile.
 */
export function startSimulation(deps: AppDeps, telemetry: Telemetry): Simulation {
  const { config, logger } = deps;
  const isLive = config.SIMULATOR === 'on' || (config.SIMULATOR === 'auto' && config.isEmbedded);
  let isStopped = false;
  let live: { stop(): Promise<void> } | null = null;
  let poller: NodeJS.Timeout | null = null;
  const stopLive = async () => {
    if (poller) clearInterval(poller);
    await live?.stop();
    live = null;
  };
  const run = async () => {
    if (config.isEmbedded) {
      const seeded = await seedDemoPlants(deps);
      if (seeded) {
        logger.info({ plants: seeded.length }, 'demo plants created; backfilling their history');
        await backfillDemoPlants(deps, telemetry.service, seeded, () => isStopped);
      }
    }
    if (!isLive || isStopped) return;
    await catchUp(deps, telemetry.service, await loadSimulatedPlants(deps.db), () => isStopped);
    if (isStopped) return;
    const simulation = await startLiveSimulation({
      brokerUrl: telemetry.brokerUrl,
      intervalSeconds: config.SIMULATOR_INTERVAL_SECONDS,
      plants: await loadSimulatedPlants(deps.db),
      includeKeyInPayload: telemetry.isExternalBroker,
      logger: {
        info: (details, message) => logger.info(details, message),
        warn: (details, message) => logger.warn(details, message),
      },
    });
    live = simulation;
    poller = setInterval(
      () => {
        loadSimulatedPlants(deps.db)
          .then((plants) =>
            simulation.add(plants.filter((p) => !simulation.serials.has(p.plant.datalogger.sn))),
          )
          .catch((error: unknown) =>
            logger.warn({ err: error }, 'looking for new simulated plants failed'),
          );
      },
      Math.min(NEW_PLANTS_POLL_MS, config.SIMULATOR_INTERVAL_SECONDS * 1000),
    );
    if (isStopped) await stopLive();
  };
  const running = run().catch((error: unknown) =>
    logger.error({ err: error }, 'simulation failed'),
  );
  return {
    stop: async () => {
      isStopped = true;
      await running;
      await stopLive();
    },
  };
}
