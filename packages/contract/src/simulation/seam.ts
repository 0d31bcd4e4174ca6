import { z } from 'zod';

/**
 * The seam between the portal and its demo simulator (docs/architecture.md, "Demo seeding"):
 * the portal starts the simulator as a child process with an IPC channel, hands it its options
 * on the command line (upgrade failures among them) and, asked with a `fleetRequest`, answers
 * the `fleet` it should feed, read from the portal's database. The simulator reads no table of
 * the portal.
 */

/**
 * How a simulated device can be told to fail an upgrade, so the portal's handling shows: a
 * corrupted image (checksum), the link lost for good halfway through the download (linkLoss),
 * power lost while writing (powerLoss), or a reboot into the old version (oldVersion).
 */
export const UPGRADE_FAILURE_MODES = ['checksum', 'linkLoss', 'powerLoss', 'oldVersion'] as const;
export type UpgradeFailureMode = (typeof UPGRADE_FAILURE_MODES)[number];
export type UpgradeFailures = Readonly<Record<string, UpgradeFailureMode>>;

const failureEntry = z.tuple([z.string().min(1), z.enum(UPGRADE_FAILURE_MODES)]);

/**
 * Reads `SN=mode,SN=mode` (the simulator's `--upgrade-failures`, the server's
 * `SIMULATOR_UPGRADE_FAILURES`); throws on an unknown mode or a malformed entry.
 */
export function parseUpgradeFailures(text: string): UpgradeFailures {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      const parsed = failureEntry.safeParse(entry.split('='));
      if (!parsed.success) {
        throw new Error(`"${entry}" is not SN=mode with mode ${UPGRADE_FAILURE_MODES.join('|')}`);
      }
      return parsed.data;
    });
  return Object.fromEntries(entries);
}

/** A device behind a datalogger, as the portal last heard of it. */
export const fleetDevice = z.object({
  sn: z.string(),
  kind: z.string(),
  modelCode: z.string().nullable(),
  ratedPowerKw: z.number().nullable(),
  /** An inverter's DC peak power, when set; null: derived from its rating. */
  dcPeakKw: z.number().nullable(),
  lastValues: z.record(z.string(), z.unknown()),
  /** ISO instant of its newest reading; null before the first. */
  lastSeenAt: z.string().nullable(),
});
export type FleetDevice = z.infer<typeof fleetDevice>;

/** A datalogger to feed: its credentials, its located plant (null: factory stock), its devices. */
export const fleetDatalogger = z.object({
  id: z.number().int(),
  sn: z.string(),
  registrationKey: z.string(),
  plant: z
    .object({
      name: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      timeZone: z.string(),
      capacityKwp: z.number().nullable(),
    })
    .nullable(),
  devices: z.array(fleetDevice),
});
export type FleetDatalogger = z.infer<typeof fleetDatalogger>;

/** Simulator → portal over IPC: which dataloggers to feed now. */
export const fleetRequest = z.object({ type: z.literal('fleetRequest') });
/** Portal → simulator over IPC: the answer to a `fleetRequest`. */
export const fleetAnswer = z.object({
  type: z.literal('fleet'),
  dataloggers: z.array(fleetDatalogger),
});

/** Where the simulator learns the fleet it feeds (the portal's IPC answer, or a test's). */
export interface FleetSource {
  load(): Promise<FleetDatalogger[]>;
}
