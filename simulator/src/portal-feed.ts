import type { FleetSource, UpgradeFailures } from '@solar/contract';
import { backfillOverMqtt } from './backfill.js';
import { DataloggerLink } from './datalogger-link.js';
import { type SimulationLogger, startLiveSimulation } from './live-simulation.js';
import { PlantSimulator } from './plant-simulator.js';
import { type PlantWithCounters, plantsFromFleet } from './plants-from-fleet.js';

/** How often (at most) the feed looks for dataloggers added in the portal. */
const NEW_PLANTS_POLL_MS = 60_000;
/** Longer gaps than this are filled before going live; at most 30 days are filled. */
const CATCH_UP_AFTER_MS = 10 * 60_000;
const CATCH_UP_LIMIT_MS = 30 * 86_400_000;

export interface PortalFeedOptions {
  /** The portal's side of the seam: which dataloggers to feed (asked again for new ones). */
  fleet: FleetSource;
  brokerUrl: string;
  intervalSeconds: number;
  includeKeyInPayload: boolean;
  hasIncidents: boolean;
  /** Share of commands left unanswered (default 0). */
  commandDropRate?: number;
  /** Devices told to fail their firmware upgrades, and how (docs/firmware.md). */
  upgradeFailures?: UpgradeFailures;
  /** Dataloggers whose SN starts with this are left to another simulator (default none). */
  leaveOutPrefix?: string;
  logger: SimulationLogger;
}

export interface PortalFeed {
  stop(): Promise<void>;
}

/**
 * While the feed was stopped, the dataloggers would have kept measuring and buffering; they
 * upload that backlog first, as real ones do on reconnect, so charts show no gap.
 */
async function catchUp(
  options: PortalFeedOptions,
  plants: readonly PlantWithCounters[],
): Promise<void> {
  const now = new Date();
  for (const { plant, counters, lastSeenAt } of plants) {
    if (!lastSeenAt || now.getTime() - lastSeenAt.getTime() < CATCH_UP_AFTER_MS) continue;
    const from = new Date(Math.max(lastSeenAt.getTime() + 1, now.getTime() - CATCH_UP_LIMIT_MS));
    const link = new DataloggerLink({
      brokerUrl: options.brokerUrl,
      sn: plant.datalogger.sn,
      key: plant.datalogger.key,
      includeKeyInPayload: options.includeKeyInPayload,
    });
    try {
      await link.connect();
      const simulator = new PlantSimulator(plant, {
        counters,
        hasIncidents: options.hasIncidents,
      });
      const result = await backfillOverMqtt(simulator, link, from, now);
      options.logger.info({ plant: plant.name, ...result }, 'simulated backlog uploaded');
    } catch (error) {
      options.logger.warn({ err: String(error), plant: plant.name }, 'backlog upload failed');
    } finally {
      await link.close();
    }
  }
}

/** The dataloggers this feed simulates: all the portal hands over but those left out. */
async function fedPlants(options: PortalFeedOptions): Promise<PlantWithCounters[]> {
  const plants = plantsFromFleet(await options.fleet.load());
  const prefix = options.leaveOutPrefix;
  return prefix ? plants.filter((p) => !p.plant.datalogger.sn.startsWith(prefix)) : plants;
}

/**
 * Feeds every datalogger the portal knows (located plants and factory stock):
 * the backlog since each one's last reading, then live records, and dataloggers added in the
 * portal from the next poll on. Keys and counters come from the portal's fleet.
 */
export async function startPortalFeed(options: PortalFeedOptions): Promise<PortalFeed> {
  await catchUp(options, await fedPlants(options));
  // Reloaded: the backlog moved every counter forward.
  const simulation = await startLiveSimulation({
    brokerUrl: options.brokerUrl,
    plants: await fedPlants(options),
    intervalSeconds: options.intervalSeconds,
    includeKeyInPayload: options.includeKeyInPayload,
    hasIncidents: options.hasIncidents,
    commandDropRate: options.commandDropRate,
    ...(options.upgradeFailures ? { upgradeFailures: options.upgradeFailures } : {}),
    logger: options.logger,
  });
  const addNewPlants = async () => {
    const plants = await fedPlants(options);
    await simulation.add(plants.filter((p) => !simulation.serials.has(p.plant.datalogger.sn)));
  };
  const poller = setInterval(
    () => {
      addNewPlants().catch((error: unknown) =>
        options.logger.warn({ err: String(error) }, 'looking for new dataloggers failed'),
      );
    },
    Math.min(NEW_PLANTS_POLL_MS, options.intervalSeconds * 1000),
  );
  return {
    stop: async () => {
      clearInterval(poller);
      await simulation.stop();
    },
  };
}
