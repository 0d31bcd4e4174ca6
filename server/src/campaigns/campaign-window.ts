import type { CampaignWindow } from '@solar/contract';
import { getPosition } from 'suncalc';

/** Where a plant is and which clock it keeps: what its upgrade window depends on. */
export interface PlantPlace {
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
}

/** The sun's centre this far below the horizon is sunset and sunrise (refraction, its radius). */
const SUNSET_ALTITUDE_RAD = (-0.833 * Math.PI) / 180;

/** Without a position the night is the plant's local clock from 20:00 to 05:00. */
const CLOCK_NIGHT = { start: '20:00', end: '05:00' };

/** The plant's local time of day as minutes after midnight. */
export function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** From `start` up to (not including) `end`, across midnight when `end` comes first. */
function isBetween(minutes: number, start: string, end: string): boolean {
  const from = minutesOf(start);
  const to = minutesOf(end);
  return from <= to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}

/**
 * Night at the plant: the sun is below the horizon at its position (after sunset, before
 * sunrise, polar nights and days included), so no inverter stops producing for an upgrade.
 */
export function isNightAt(place: PlantPlace, now: Date): boolean {
  if (place.latitude === null || place.longitude === null) {
    return isBetween(localMinutes(now, place.timeZone), CLOCK_NIGHT.start, CLOCK_NIGHT.end);
  }
  const { altitude } = getPosition(now, place.latitude, place.longitude);
  return altitude < SUNSET_ALTITUDE_RAD;
}

/** Whether a device of this plant may be upgraded now under the campaign's window. */
export function isInsideWindow(window: CampaignWindow, place: PlantPlace, now: Date): boolean {
  switch (window.mode) {
    case 'any':
      return true;
    case 'night':
      return isNightAt(place, now);
    case 'hours':
      return isBetween(localMinutes(now, place.timeZone), window.start!, window.end!);
  }
}
