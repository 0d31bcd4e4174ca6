import { DataloggerLink } from './datalogger-link.js';
import type { PlantCounters, SimulatedPlant } from './plant-config.js';
import { PlantSimulator } from './plant-simulator.js';

export interface SimulationLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PlantFeedSource {
  plant: SimulatedPlant;
  counters?: PlantCounters;
}

export interface LiveSimulationOptions {
  brokerUrl: string;
  plants: readonly PlantFeedSource[];
  /** Seconds between two records of a datalogger (default 60). */
  intervalSeconds?: number;
  includeKeyInPayload?: boolean;
  hasIncidents?: boolean;
  logger?: SimulationLogger;
}

export interface LiveSimulation {
  /** Dataloggers fed now. */
  readonly serials: ReadonlySet<string>;
  /** Starts feeding more plants (those already fed are ignored). */
  add(plants: readonly PlantFeedSource[]): Promise<void>;
  stop(): Promise<void>;
}

interface Feed {
  plant: SimulatedPlant;
  link: DataloggerLink;
  simulator: PlantSimulator;
  wasOffline: boolean;
}

/**
 * Feeds every plant in real time: one record per interval, and occasional outages during
 * which the datalogger buffers and then uploads its backlog on reconnect.
 */
export async function startLiveSimulation(options: LiveSimulationOptions): Promise<LiveSimulation> {
  const intervalSeconds = options.intervalSeconds ?? 60;
  const feeds = new Map<string, Feed>();

  const startFeed = async ({ plant, counters }: PlantFeedSource): Promise<void> => {
    const link = new DataloggerLink({
      brokerUrl: options.brokerUrl,
      sn: plant.datalogger.sn,
      key: plant.datalogger.key,
      includeKeyInPayload: options.includeKeyInPayload,
    });
    await link.connect();
    const simulator = new PlantSimulator(plant, { counters, hasIncidents: options.hasIncidents });
    feeds.set(plant.datalogger.sn, { plant, link, simulator, wasOffline: false });
  };

  const tickFeed = (feed: Feed, at: Date) => {
    const record = feed.simulator.step(at, intervalSeconds);
    const isOffline = feed.simulator.isOffline(at, intervalSeconds);
    if (isOffline !== feed.wasOffline) {
      options.logger?.info(
        { datalogger: feed.plant.datalogger.sn, isOffline },
        'simulated datalogger outage',
      );
      if (isOffline) feed.link.pause();
      else feed.link.resume();
      feed.wasOffline = isOffline;
    }
    feed.link.send([record]).catch((error: unknown) => {
      options.logger?.warn(
        { err: error, datalogger: feed.plant.datalogger.sn },
        'simulated publish failed',
      );
    });
  };
  const now = () => new Date(Math.floor(Date.now() / 1000) * 1000);

  const add = async (plants: readonly PlantFeedSource[]) => {
    const fresh = plants.filter((p) => !feeds.has(p.plant.datalogger.sn));
    const started = await Promise.allSettled(fresh.map(startFeed));
    started.forEach((result, index) => {
      const sn = fresh[index]!.plant.datalogger.sn;
      if (result.status === 'rejected') {
        options.logger?.warn(
          { err: result.reason, datalogger: sn },
          'simulated datalogger not connected',
        );
        return;
      }
      const feed = feeds.get(sn);
      if (feed) tickFeed(feed, now());
    });
    if (fresh.length > 0) {
      options.logger?.info(
        { plants: fresh.length, intervalSeconds },
        'live simulation started for plants',
      );
    }
  };

  await add(options.plants);
  const timer = setInterval(() => {
    const at = now();
    for (const feed of feeds.values()) tickFeed(feed, at);
  }, intervalSeconds * 1000);
  return {
    get serials() {
      return new Set(feeds.keys());
    },
    add,
    stop: async () => {
      clearInterval(timer);
      await Promise.all([...feeds.values()].map((feed) => feed.link.close()));
    },
  };
}
