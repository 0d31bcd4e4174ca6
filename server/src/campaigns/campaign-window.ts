import { localClock } from '@solar/contract';
import type { CampaignWindow } from '@solar/contract';
import { getPosition } from 'suncalc';

/** Where a plant is and which clock it keeps: what its upgrade window depends on. */
export interface PlantPlace {
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
}

/**
 * Sunset and sunrise as suncalc's `getTimes` places them (the sun's centre 0.833° below the
 * horizon: refraction and its radius) read −0.35° on the apparent, refraction-corrected
 * altitude in degrees that `getPosition` answers.
 */
const SUNSET_APPARENT_ALTITUDE_DEG = -0.35;

/** Without a position the night is the plant's local clock from 20:00 to 05:00. */
const CLOCK_NIGHT = { start: '20:00', end: '05:00' };

/** From `start` up to (not including) `end`, across midnight when `end` comes first. */
function isBetween(clock: string, start: string, end: string): boolean {
  // Zero-padded `HH:MM` strings order as the times they name.
  return start <= end ? clock >= start && clock < end : clock >= start || clock < end;
}

/**
 * Night at the plant: the sun is below the horizon at its position (after sunset, before
 * sunrise, polar nights and days included), so no inverter stops producing for an upgrade.
 */
export function isNightAt(place: PlantPlace, now: Date): boolean {
  if (place.latitude === null || place.longitude === null) {
    return isBetween(localClock(place.timeZone, now), CLOCK_NIGHT.start, CLOCK_NIGHT.end);
  }
  const { altitude } = getPosition(now, place.latitude, place.longitude);
  return altitude < SUNSET_APPARENT_ALTITUDE_DEG;
}

/** Whether a device of this plant may be upgraded now under the campaign's window. */
export function isInsideWindow(window: CampaignWindow, place: PlantPlace, now: Date): boolean {
  switch (window.mode) {
    case 'any':
      return true;
    case 'night':
      return isNightAt(place, now);
    case 'hours':
      return isBetween(localClock(place.timeZone, now), window.start!, window.end!);
  }
}
