import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, publicAccess, requires } from '../http/endpoint.js';
import { ON_OFF_STATES, serialNumber } from '../ingestion/payload.js';
import type { Permission } from '../permissions/tree.js';
import * as rules from '../validation/rules.js';
import {
  COMMAND_NAMES,
  COMMAND_STATES,
  type CommandName,
  commandMessage,
  commandReply,
  settingValues,
} from '../ingestion/downlink.js';

/**
 * The command channel's HTTP side: remote commands that answer once the device confirmed,
 * failed or missed its deadline (code 0 only when it confirmed, 604 with its reason when it
 * failed, 1 at the deadline, 602 at once when it is offline), and the two logs.
 */

/** One command as the portal stores it (a row of the communication or debug log). */
export const commandRecord = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(COMMAND_STATES),
  /** The SN the command was for: the datalogger's or a device's behind it. */
  target: z.string(),
  dataloggerSn: z.string(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  args: z.record(z.string(), z.unknown()),
  /** The account that sent it (null once that account is deleted). */
  user: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  deadline: z.string(),
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Why it failed (the device's reason) or timed out. */
  reason: z.string().nullable(),
  /**
   * The on/off state the device confirmed in its reply to a state change (inverter boot and
   * shutdown, switch on and off), so the page shows it before the next telemetry record; null
   * for other commands and for a command not done.
   */
  confirmedState: z.enum(ON_OFF_STATES).nullable(),
  /** The account that withdrew the queued command (null unless `cancelled`, or once deleted). */
  cancelledBy: z.string().nullable(),
});
export type CommandRecord = z.infer<typeof commandRecord>;

const snParams = z.strictObject({ sn: serialNumber });
/** Failures a command endpoint answers by design, not as bugs. */
export const commandOutcomes = [
  ErrorCode.deviceOffline,
  ErrorCode.commandFailed,
  ErrorCode.timeout,
  ErrorCode.commandCancelled,
] as const;

export const bootInverter = defineEndpoint({
  method: 'POST',
  path: '/api/v1/inverter/:sn/boot',
  summary: 'Switch an inverter on; answers when it confirmed, failed or missed its deadline',
  tag: 'device-command',
  access: requires('inverter.boot'),
  params: snParams,
  data: commandRecord,
  tolerated: [...commandOutcomes, ErrorCode.sameDeviceState],
});

export const shutdownInverter = defineEndpoint({
  method: 'POST',
  path: '/api/v1/inverter/:sn/shutdown',
  summary: 'Switch an inverter off (power 0, status standby); answers when it confirmed',
  tag: 'device-command',
  access: requires('inverter.boot'),
  params: snParams,
  data: commandRecord,
  tolerated: [...commandOutcomes, ErrorCode.sameDeviceState],
});

export const restartGateway = defineEndpoint({
  method: 'POST',
  path: '/api/v1/gateway/:sn/restart',
  summary: 'Restart a datalogger; answers when it confirmed (it then reconnects)',
  tag: 'device-command',
  access: requires('gateway.restart'),
  params: snParams,
  data: commandRecord,
  tolerated: [...commandOutcomes],
});

/** Settings as read back from the device, with the command that carried them. */
export const inverterSettingsData = z.object({
  values: settingValues,
  command: commandRecord,
});

export const writeInverterSettings = defineEndpoint({
  method: 'POST',
  path: '/api/v1/inverter/:sn/settings',
  summary: 'Write inverter settings; answers the values the device read back after writing',
  tag: 'device-command',
  access: requires('inverter.setting'),
  encoding: 'json',
  params: snParams,
  body: z.strictObject({
    values: settingValues.refine((values) => Object.keys(values).length > 0, 'validation.required'),
  }),
  data: inverterSettingsData,
  tolerated: [...commandOutcomes],
});

export const readInverterSettings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/inverter/:sn/settings/current',
  summary: "Read an inverter's current settings from the device itself",
  tag: 'device-command',
  access: requires('inverter.setting'),
  params: snParams,
  data: inverterSettingsData,
  tolerated: [...commandOutcomes],
});

export const DEBUG_PAYLOAD_MAX_BYTES = 1024;

export const debugGateway = defineEndpoint({
  method: 'POST',
  path: '/api/v1/gateway/:sn/debug',
  summary: "Send a raw vendor command to a datalogger; answers the device's raw reply",
  tag: 'device-command',
  access: requires('gateway.restart'),
  encoding: 'json',
  params: snParams,
  body: z.strictObject({
    payload: z
      .string()
      .min(1, 'validation.required')
      .refine(
        (value) => new TextEncoder().encode(value).length <= DEBUG_PAYLOAD_MAX_BYTES,
        'validation.maxLength',
      ),
  }),
  data: commandRecord,
  tolerated: [...commandOutcomes],
});

/**
 * The filters of the debug log (its list and its export): SN, plant, state and the time range
 * of sending (check the object with `rules.rangeInOrder`).
 */
export const debugLogFilters = {
  /** A datalogger's SN or the SN of a device behind it. */
  sn: rules.text(64).optional(),
  plantId: rules.id.optional(),
  state: z.enum(COMMAND_STATES).optional(),
  // The time of sending, `to` excluded.
  ...rules.instantRange,
};

/** The filters of the communication log (its list and its export): the debug log's and the command. */
export const commandLogFilters = {
  ...debugLogFilters,
  name: z.enum(COMMAND_NAMES).optional(),
};

export const listCommunicationLog = defineEndpoint({
  method: 'GET',
  path: '/api/v1/logs/communication',
  summary: 'Commands sent to the devices of the plants the caller may see, newest first',
  tag: 'device-command',
  access: requires('equip.view'),
  query: rules.rangeInOrder(z.object({ ...rules.paging, ...commandLogFilters })),
  data: pageOf(commandRecord),
});

export const listDebugLog = defineEndpoint({
  method: 'GET',
  path: '/api/v1/logs/debug',
  summary: 'Raw debug exchanges with the dataloggers of the plants the caller may see',
  tag: 'device-command',
  access: requires('equip.view'),
  query: rules.rangeInOrder(z.object({ ...rules.paging, ...debugLogFilters })),
  data: pageOf(commandRecord),
});

/** The permission that sends each command, and so withdraws it while it is queued. */
export const COMMAND_PERMISSIONS: Record<CommandName, Permission> = {
  'inverter.boot': 'inverter.boot',
  'inverter.shutdown': 'inverter.boot',
  'switch.on': 'switch.control',
  'switch.off': 'switch.control',
  'switch.leakageTest': 'switch.control',
  'datalogger.restart': 'gateway.restart',
  'settings.read': 'equip.setting',
  'settings.write': 'equip.setting',
  raw: 'gateway.restart',
  'firmware.upgrade': 'inverter.upgrade',
};

export const cancelCommand = defineEndpoint({
  method: 'POST',
  path: '/api/v1/commands/:id/cancel',
  summary:
    'Withdraw a queued command (never sent); needs the permission that sends it. The waiting call answers 608',
  tag: 'device-command',
  access: requires('equip.view'),
  params: z.strictObject({ id: z.uuid() }),
  data: commandRecord,
  tolerated: [ErrorCode.commandNotCancellable, ErrorCode.commandNotFound],
});

/** What an HTTP-only datalogger finds in the answer to its upload. */
export const pendingCommands = z.array(commandMessage);

export const ingestReply = defineEndpoint({
  method: 'POST',
  path: '/ingest/v1/reply',
  summary:
    'HTTP-only datalogger: the reply to a command (credentials in X-Datalogger-SN / X-Datalogger-Key)',
  tag: 'ingestion',
  access: publicAccess,
  encoding: 'json',
  body: commandReply,
  data: z.object({ accepted: z.boolean() }),
  tolerated: [ErrorCode.dataloggerCredentials],
});
