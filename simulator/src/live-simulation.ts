import type { UpgradeFailures } from '@solar/contract';
import { type CommandOutcome, CommandResponder } from './command-responder.js';
import { DataloggerLink } from './datalogger-link.js';
import { ratedAcWOf } from './epm-device.js';
import { runFirmwareUpdate } from './firmware-updater.js';
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
  /** Share of commands the dataloggers leave unanswered (default 0), so timeouts happen. */
  commandDropRate?: number;
  /** How long a restarted datalogger stays away (default 3 s). */
  restartDownMs?: number;
  logger?: SimulationLogger;
  /** Devices told to fail their firmware upgrades, and how (docs/firmware.md). */
  upgradeFailures?: UpgradeFailures;
  /** Time a simulated device takes to write a firmware image and reboot (default 1 s). */
  upgradeRebootMs?: number;
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
  responder: CommandResponder;
  wasOffline: boolean;
  /** The newest record's time: a record is taken only when newer than the last. */
  lastAt: number;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Feeds every plant in real time: one record per interval, and occasional outages during
 * which the datalogger buffers and then uploads its backlog on reconnect.
 */
export async function startLiveSimulation(options: LiveSimulationOptions): Promise<LiveSimulation> {
  const intervalSeconds = options.intervalSeconds ?? 60;
  const feeds = new Map<string, Feed>();

  const startFeed = async ({ plant, counters }: PlantFeedSource): Promise<void> => {
    const responder = new CommandResponder({
      dataloggerSn: plant.datalogger.sn,
      inverters: plant.inverters.map(({ sn, model }) => ({ sn, model })),
      otherDevices: [
        plant.meter?.sn,
        plant.battery?.sn,
        plant.weather?.sn,
        ...(plant.boxes ?? []).map((box) => box.sn),
        ...(plant.heatPumps ?? []).map((pump) => pump.sn),
        ...(plant.storageSystems ?? []).map((ess) => ess.sn),
      ].filter((sn): sn is string => sn !== undefined),
      deviceKinds: Object.fromEntries([
        ...(plant.battery ? [[plant.battery.sn, 'battery'] as const] : []),
        ...(plant.heatPumps ?? []).map((pump) => [pump.sn, 'heat_pump'] as const),
        ...(plant.storageSystems ?? []).map((ess) => [ess.sn, 'ess'] as const),
      ]),
      switches: plant.switches,
      epm: plant.epm ? { sn: plant.epm.sn, ratedAcW: ratedAcWOf(plant) } : undefined,
      dropRate: options.commandDropRate ?? 0,
      ...(options.upgradeFailures ? { upgradeFailures: options.upgradeFailures } : {}),
    });
    const link = new DataloggerLink({
      brokerUrl: options.brokerUrl,
      sn: plant.datalogger.sn,
      key: plant.datalogger.key,
      includeKeyInPayload: options.includeKeyInPayload,
      onCommand: (payload) => {
        const feed = feeds.get(plant.datalogger.sn);
        if (feed) void answer(feed, payload);
      },
    });
    await link.connect();
    const simulator = new PlantSimulator(plant, { counters, hasIncidents: options.hasIncidents });
    feeds.set(plant.datalogger.sn, {
      plant,
      link,
      simulator,
      responder,
      wasOffline: false,
      lastAt: 0,
    });
  };

  /** Carries out a command; a state change is published at once as a fresh record. */
  const answer = async (feed: Feed, payload: unknown): Promise<void> => {
    const outcome = feed.responder.handle(payload);
    if (!outcome) return;
    try {
      for (const [index, reply] of outcome.replies.entries()) {
        const isLast = index === outcome.replies.length - 1;
        if (isLast && outcome.lastReplyDelayMs) await sleep(outcome.lastReplyDelayMs);
        await feed.link.reply(reply);
      }
      if (outcome.after === 'publishRecord') {
        // Within the second of the last record, one second later: the same time is a duplicate.
        const at = new Date(Math.max(now().getTime(), feed.lastAt + 1000));
        feed.lastAt = at.getTime();
        const record = feed.responder.apply(feed.simulator.step(at, 1), 1);
        await feed.link.send([record]);
      } else if (outcome.after === 'restart') {
        feed.link.restart(options.restartDownMs ?? 3000);
      } else if (outcome.upgrade) {
        void upgrade(feed, outcome.upgrade);
      }
    } catch (error) {
      options.logger?.warn(
        { err: error, datalogger: feed.plant.datalogger.sn },
        'simulated command reply failed',
      );
    }
  };

  /** Runs a firmware upgrade in the background; the device reports `upgrading` meanwhile. */
  const upgrade = async (feed: Feed, task: NonNullable<CommandOutcome['upgrade']>) => {
    feed.responder.setUpgrading(task.target, true);
    const result = await runFirmwareUpdate(
      task.job,
      feed.responder.firmwareVersionOf(task.target),
      {
        ...(task.failure ? { failure: task.failure } : {}),
        rebootMs: options.upgradeRebootMs ?? 1000,
      },
    ).catch((error: unknown) => {
      options.logger?.warn({ err: error, device: task.target }, 'simulated upgrade failed');
      return null;
    });
    feed.responder.setUpgrading(task.target, false, result?.version);
  };

  const tickFeed = (feed: Feed, at: Date) => {
    if (at.getTime() <= feed.lastAt) return;
    feed.lastAt = at.getTime();
    const record = feed.responder.apply(feed.simulator.step(at, intervalSeconds), intervalSeconds);
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
