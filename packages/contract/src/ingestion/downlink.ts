import { z } from 'zod';
import type { ON_OFF_STATES } from './payload.js';
import { serialNumber } from './payload.js';

/**
 * The downlink of docs/device-protocol.md: what the portal asks a datalogger (or a device behind
 * it) to do, and how the datalogger answers. Shared by the server (send, validate replies), the
 * simulator (carry out) and the web client (command names in the communication log).
 */

export const COMMAND_TOPICS = {
  /** Portal → datalogger, QoS 1, not retained. */
  command: (sn: string) => `dl/${sn}/cmd`,
  /** Datalogger → portal, QoS 1, not retained. */
  reply: (sn: string) => `dl/${sn}/reply`,
} as const;

export const COMMAND_NAMES = [
  /** Inverter: start feeding in again (`switch` becomes `on`). */
  'inverter.boot',
  /** Inverter: stop feeding in (`switch` `off`, power 0, status `standby`). */
  'inverter.shutdown',
  /** Switch: close the circuit (`state` becomes `on`). */
  'switch.on',
  /** Switch: open the circuit (`state` `off`, power 0). */
  'switch.off',
  /**
   * Switch: leakage self-test; the device cuts power for 10 s, then answers `done` with result
   * `{ passed, leakage_ma, started_at, finished_at }`.
   */
  'switch.leakageTest',
  /** Datalogger: drop the connection and come back. Answered `done` before it drops. */
  'datalogger.restart',
  /** Read settings of the target; args `{ keys?: string[] }`, result `{ values }`. */
  'settings.read',
  /** Write settings of the target; args `{ values }`, result `{ values }` read back after writing. */
  'settings.write',
  /** Debug: a raw vendor command; args `{ payload: string }`, result `{ reply: string }`. */
  'raw',
  /**
   * Device firmware: args `{ jobId, url, reportUrl, sha256, size, version }` (docs/firmware.md).
   * Answered `done` once the device took the job; it then downloads with Range requests from
   * `url`, checks the SHA-256, reports progress to `reportUrl`, reboots and reports its version.
   */
  'firmware.upgrade',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** A setting's value as it travels: registers are numbers, enums and codes strings. */
export const settingValue = z.union([z.number().finite(), z.string().max(256), z.boolean()]);
export const settingValues = z.record(z.string().min(1).max(64), settingValue);

/** Payload on `dl/{sn}/cmd`. */
export const commandMessage = z
  .object({
    /** The portal's command id; the reply carries it back. */
    id: z.string().min(1).max(64),
    /** The device the command is for: the datalogger's own SN or a device SN behind it. */
    target: serialNumber,
    name: z.string().min(1).max(64),
    args: z.record(z.string(), z.unknown()).default({}),
    /** ISO instant after which the portal no longer waits; a device should not act later. */
    deadline: z.string().datetime({ offset: true }),
  })
  .strict();
export type CommandMessage = z.infer<typeof commandMessage>;

export const REPLY_STATES = ['accepted', 'done', 'failed'] as const;
export type ReplyState = (typeof REPLY_STATES)[number];

/** Payload on `dl/{sn}/reply`: `accepted` first (optional), then exactly one of `done`/`failed`. */
export const commandReply = z
  .object({
    id: z.string().min(1).max(64),
    state: z.enum(REPLY_STATES),
    /** Why a command failed, in English, for the communication log. */
    reason: z.string().max(500).optional(),
    result: z.record(z.string(), z.unknown()).optional(),
    /** With an external broker, as on data messages: the registration key. */
    key: z.string().max(128).optional(),
  })
  .strict();
export type CommandReply = z.infer<typeof commandReply>;

/**
 * A command's life as the portal stores it (ThingsBoard's RPC life): `queued` until the
 * datalogger's earlier command ends, then `sent`, `acknowledged` once the device took it, and one
 * end: `done`, `failed`, `timedOut`, or `cancelled` (a queued command its user withdrew; it is
 * never sent).
 */
export const COMMAND_STATES = [
  'queued',
  'sent',
  'acknowledged',
  'done',
  'failed',
  'timedOut',
  'cancelled',
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/** The on/off state a device confirms in its reply to a state change (`result.switch`, `result.state`). */
export type ConfirmedState = (typeof ON_OFF_STATES)[number];

/**
 * Commands that ask for an on/off state: the value key under which the device reports that
 * state (in its telemetry and in the result of its `done` reply) and the state asked for.
 */
export const STATE_CHANGE_COMMANDS: Partial<
  Record<CommandName, { key: string; wanted: ConfirmedState }>
> = {
  'inverter.boot': { key: 'switch', wanted: 'on' },
  'inverter.shutdown': { key: 'switch', wanted: 'off' },
  'switch.on': { key: 'state', wanted: 'on' },
  'switch.off': { key: 'state', wanted: 'off' },
};
