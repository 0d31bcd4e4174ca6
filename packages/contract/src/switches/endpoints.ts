import { z } from 'zod';
import { commandOutcomes, commandRecord } from '../commands/endpoints.js';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { ON_OFF_STATES, serialNumber } from '../ingestion/payload.js';
import * as rules from '../validation/rules.js';

/**
 * Smart and AC switches: on/off confirmed by the device, the leakage self-test, and timed tasks
 * (once at a local date and time, or repeating on weekdays at a local time) evaluated in the
 * plant's time zone. Every call tolerates code 4 (section 8): the page shows the field messages.
 */

/** How long the leakage self-test cuts the power (section 9). */
export const LEAKAGE_TEST_SECONDS = 10;

export const SWITCH_TASK_KINDS = ['once', 'repeat'] as const;
/** A task's last run: queued, retried while the device is offline, then done or failed. */
export const SWITCH_TASK_RUN_STATES = ['queued', 'retrying', 'done', 'failed'] as const;
export type SwitchTaskRunState = (typeof SWITCH_TASK_RUN_STATES)[number];

/** Weekdays as cron numbers them: 0 Sunday … 6 Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalid');

export const switchTaskInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('once'),
    action: z.enum(ON_OFF_STATES),
    /** Local date and time in the plant's time zone. */
    date: rules.isoDate,
    time: clockTime,
  }),
  z.strictObject({
    kind: z.literal('repeat'),
    action: z.enum(ON_OFF_STATES),
    weekdays: z
      .array(z.number().int().min(0).max(6))
      .min(1, 'validation.required')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'validation.invalid'),
    time: clockTime,
  }),
]);
export type SwitchTaskInput = z.infer<typeof switchTaskInput>;

export const switchTaskRun = z.object({
  dueAt: z.string(),
  state: z.enum(SWITCH_TASK_RUN_STATES),
  attempts: z.number().int(),
  finishedAt: z.string().nullable(),
  /** Why the last attempt failed (offline, timed out, the device's reason). */
  reason: z.string().nullable(),
});

export const switchTask = z.object({
  id: z.number().int(),
  kind: z.enum(SWITCH_TASK_KINDS),
  action: z.enum(ON_OFF_STATES),
  date: z.string().nullable(),
  weekdays: z.array(z.number().int()),
  time: z.string(),
  timeZone: z.string(),
  /** Null once a single task has run. */
  nextRunAt: z.string().nullable(),
  lastRun: switchTaskRun.nullable(),
  createdAt: z.string(),
});
export type SwitchTask = z.infer<typeof switchTask>;

const snParams = z.strictObject({ sn: serialNumber });
const switchCommandOutcomes = [
  ErrorCode.validation,
  ErrorCode.deviceNotFound,
  ...commandOutcomes,
] as const;

export const switchOn = defineEndpoint({
  method: 'POST',
  path: '/api/v1/switch/:sn/on',
  summary: 'Switch a smart or AC switch on; answers when the device confirmed',
  tag: 'switches',
  access: requires('switch.control'),
  params: snParams,
  data: commandRecord,
  tolerated: [...switchCommandOutcomes, ErrorCode.sameDeviceState],
});

export const switchOff = defineEndpoint({
  method: 'POST',
  path: '/api/v1/switch/:sn/off',
  summary: 'Switch a smart or AC switch off; answers when the device confirmed',
  tag: 'switches',
  access: requires('switch.control'),
  params: snParams,
  data: commandRecord,
  tolerated: [...switchCommandOutcomes, ErrorCode.sameDeviceState],
});

export const leakageTestResult = z.object({
  isPassed: z.boolean(),
  leakageMa: z.number(),
  /** When the device cut and restored the power, as it reported. */
  startedAt: z.string(),
  finishedAt: z.string(),
  durationSeconds: z.number(),
  command: commandRecord,
});
export type LeakageTestResult = z.infer<typeof leakageTestResult>;

export const runLeakageTest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/switch/:sn/leakage-test',
  summary: `Leakage self-test: the device cuts power for ${LEAKAGE_TEST_SECONDS} s and reports its result`,
  tag: 'switches',
  access: requires('switch.control'),
  params: snParams,
  data: leakageTestResult,
  tolerated: [...switchCommandOutcomes],
});

export const listSwitchTasks = defineEndpoint({
  method: 'GET',
  path: '/api/v1/switch/:sn/tasks',
  summary: "A switch's timed tasks with their next run and last result",
  tag: 'switches',
  access: requires('equip.view'),
  params: snParams,
  query: z.object(rules.paging),
  data: pageOf(switchTask),
  tolerated: [ErrorCode.validation, ErrorCode.deviceNotFound],
});

export const createSwitchTask = defineEndpoint({
  method: 'POST',
  path: '/api/v1/switch/:sn/tasks',
  summary: 'Add a single (date and time) or repeating (weekdays and time) task to a switch',
  tag: 'switches',
  access: requires('switch.task'),
  encoding: 'json',
  params: snParams,
  body: switchTaskInput,
  data: switchTask,
  tolerated: [ErrorCode.validation, ErrorCode.deviceNotFound],
});

export const deleteSwitchTask = defineEndpoint({
  method: 'POST',
  path: '/api/v1/switch/:sn/task/:id/delete',
  summary: 'Remove a timed task of a switch',
  tag: 'switches',
  access: requires('switch.task'),
  params: z.strictObject({ sn: serialNumber, id: rules.id }),
  data: z.null(),
  tolerated: [ErrorCode.validation, ErrorCode.deviceNotFound],
});
