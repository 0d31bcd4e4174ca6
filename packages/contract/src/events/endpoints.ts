import { z } from 'zod';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { SERVER_LANGUAGES, LOCALES } from '../i18n/locales.js';
import { DEVICE_KINDS } from '../ingestion/payload.js';
import { EVENT_LEVEL_LETTERS } from '../ingestion/status.js';
import { EVENT_STATES } from '../overview/endpoints.js';
import { calendarDate } from '../plants/schemas.js';
import * as rules from '../validation/rules.js';
import { lostEnergy } from '../alarms/endpoints.js';

/**
 * Portal-wide device events over every plant the caller may see. Levels travel as letters
 * (`eventLevelLetter`: 5 P, 2 W, anything else F); texts come in the caller's language (`lan`,
 * else Accept-Language).
 */
const TAG = 'events';
const view = requires('event.view');

/**
 * A bound of the start-time range: an ISO 8601 instant with its offset
 * (`2026-03-01T08:00:00Z`, `2026-03-01T09:00:00+01:00`) is that instant; a bare date
 * (`2026-03-01`) is the plant-local day of each event's plant (`from` its first moment, `to`
 * its last), so "the 1st of March" means the same calendar day in every time zone.
 */
export const eventTimeBound = z.union([calendarDate, z.iso.datetime({ offset: true })]);

export const EVENT_SORT_FIELDS = ['startTime', 'endTime', 'level', 'code', 'sn'] as const;
export type EventSortField = (typeof EVENT_SORT_FIELDS)[number];

/** The filters shared by the list and the CSV export. */
export const eventFilters = {
  plantId: rules.id.optional(),
  level: z.enum(EVENT_LEVEL_LETTERS).optional(),
  /** Events of devices of this kind. */
  deviceKind: z.enum(DEVICE_KINDS).optional(),
  status: z.enum(EVENT_STATES).optional(),
  /** Events that started at or after this bound. */
  from: eventTimeBound.optional(),
  /** Events that started at or before this bound. */
  to: eventTimeBound.optional(),
  /** Part of a device SN, or the start of an event code. */
  keyword: rules.text(64).optional(),
  sort: z.enum(EVENT_SORT_FIELDS).default('startTime'),
  order: z.enum(['asc', 'desc']).default('desc'),
  lan: z.enum(SERVER_LANGUAGES).optional(),
};

export const eventInfo = z.object({
  id: z.number().int(),
  code: z.string(),
  level: z.enum(EVENT_LEVEL_LETTERS),
  sn: z.string(),
  deviceKind: z.enum(DEVICE_KINDS),
  plantId: z.number().int(),
  plantName: z.string(),
  /** The plant's IANA time zone, in which its times are shown. */
  timeZone: z.string(),
  description: z.string(),
  suggestion: z.string(),
  startTime: z.string(),
  /** Null while the event is open. */
  endTime: z.string().nullable(),
  isAcknowledged: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  /** Nickname of who acknowledged it (null when not acknowledged or the account is gone). */
  acknowledgedBy: z.string().nullable(),
  /** Energy lost so far by an alarm of a rule that loses energy (`ALARM_RULES`), else null. */
  lostEnergy: lostEnergy.nullable(),
});
export type EventInfo = z.infer<typeof eventInfo>;

export const listEvents = defineEndpoint({
  method: 'GET',
  path: '/api/v1/events',
  summary:
    'Events of the devices of every plant the caller may see; filter by plant, level letter, device kind, open/closed, start-time range, SN or code',
  tag: TAG,
  access: view,
  query: z
    .strictObject({ ...rules.paging, ...eventFilters })
    .refine((query) => !query.from || !query.to || boundsInOrder(query.from, query.to), {
      path: ['to'],
      message: 'validation.date',
    }),
  data: pageOf(eventInfo),
});

/** Whether `from` is not after `to` (dates compare as their day, instants as instants). */
function boundsInOrder(from: string, to: string): boolean {
  const isDate = (value: string) => value.length === 10;
  if (isDate(from) && isDate(to)) return from <= to;
  // A mixed pair compares roughly: a plant-local day may start up to 14 hours either side.
  const start = Date.parse(isDate(from) ? `${from}T00:00:00Z` : from);
  const end = Date.parse(isDate(to) ? `${to}T23:59:59Z` : to);
  return start <= end + 28 * 3600_000;
}

export const MAX_ACKNOWLEDGED_EVENTS = 500;

export const acknowledgeEvents = defineEndpoint({
  method: 'POST',
  path: '/api/v1/events/acknowledge',
  summary:
    'Mark events as acknowledged by the caller (who and when are kept), all or none: when an id is no event the caller may see, code 2 names those ids in data.notFound and nothing changes',
  tag: TAG,
  access: view,
  encoding: 'json',
  body: z.strictObject({
    ids: z.array(rules.id).min(1, 'validation.required').max(MAX_ACKNOWLEDGED_EVENTS),
  }),
  data: z.object({
    /** Events acknowledged by this call. */
    acknowledged: z.array(z.number().int()),
    /** Visible events that were acknowledged before (their who and when stay). */
    alreadyAcknowledged: z.array(z.number().int()),
  }),
});

/**
 * The CSV of the events the list filters select, streamed; headers in the caller's language,
 * times in each plant's time zone with their offset. Not an envelope: the body is the file.
 */
export const exportEvents = defineEndpoint({
  method: 'GET',
  path: '/api/v1/events/export',
  summary: 'CSV (UTF-8) of the filtered events, streamed; same filters as the list',
  tag: TAG,
  access: view,
  query: z.strictObject(eventFilters),
  data: z.string(),
  download: { contentType: 'text/csv; charset=utf-8' },
});

const descriptorText = z.object({ text: z.string(), suggestion: z.string() });

export const eventDescription = z.object({
  code: z.string(),
  level: z.enum(EVENT_LEVEL_LETTERS),
  description: z.string(),
  suggestion: z.string(),
  /** Every locale's texts, when asked for with `allLanguages`. */
  texts: z.partialRecord(z.enum(LOCALES), descriptorText).optional(),
});
export type EventDescription = z.infer<typeof eventDescription>;

export const listEventDescriptions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/event-descriptions',
  summary:
    'Event codes with level, description and suggestion in the caller’s language (or all 13 languages)',
  tag: TAG,
  access: view,
  query: z.strictObject({
    ...rules.paging,
    /** The start of a code: digits only. */
    code: rules.eventCode.optional(),
    level: z.enum(EVENT_LEVEL_LETTERS).optional(),
    /** Words of the description or suggestion, in the caller's language. */
    keyword: rules.text(64).optional(),
    allLanguages: rules.flag.optional(),
    lan: z.enum(SERVER_LANGUAGES).optional(),
  }),
  data: pageOf(eventDescription),
});
