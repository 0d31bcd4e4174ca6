import {
  type DeviceKind,
  type EventDescription,
  type EventInfo,
  eventLevelLetter,
  LOCALES,
  type Locale,
  rounded,
} from '@solar/contract';
import { describeEvent } from './event-texts.js';

export interface EventRecord {
  id: number;
  code: string;
  level: number;
  started_at: Date;
  ended_at: Date | null;
  acknowledged_at: Date | null;
  acknowledged_by_name: string | null;
  sn: string;
  kind: DeviceKind;
  plant_id: number;
  plant_name: string;
  time_zone: string;
  currency: string;
  /** The alarm's lost energy summed over its days; null for an event that loses none. */
  lost: { kWh: number; value: number } | null;
  texts: unknown;
}

export function presentEventInfo(row: EventRecord, locale: Locale): EventInfo {
  const { text, suggestion } = describeEvent(row.texts, locale, row.code);
  return {
    id: row.id,
    code: row.code,
    level: eventLevelLetter(row.level),
    sn: row.sn,
    deviceKind: row.kind,
    plantId: row.plant_id,
    plantName: row.plant_name,
    timeZone: row.time_zone,
    description: text,
    suggestion,
    startTime: row.started_at.toISOString(),
    endTime: row.ended_at ? row.ended_at.toISOString() : null,
    isAcknowledged: row.acknowledged_at !== null,
    acknowledgedAt: row.acknowledged_at ? row.acknowledged_at.toISOString() : null,
    acknowledgedBy: row.acknowledged_by_name,
    lostEnergy: row.lost
      ? {
          kWh: rounded.kWh(row.lost.kWh),
          value: rounded.money(row.lost.value, row.currency),
          currency: row.currency,
        }
      : null,
  };
}

export interface EventDescriptorRecord {
  code: string;
  level: number;
  texts: unknown;
}

export function presentEventDescription(
  row: EventDescriptorRecord,
  locale: Locale,
  withAllLanguages: boolean,
): EventDescription {
  const { text, suggestion } = describeEvent(row.texts, locale, row.code);
  return {
    code: row.code,
    level: eventLevelLetter(row.level),
    description: text,
    suggestion,
    ...(withAllLanguages
      ? {
          texts: Object.fromEntries(
            LOCALES.map((each) => [each, describeEvent(row.texts, each, row.code)]),
          ),
        }
      : {}),
  };
}
