import { clamp, hash01 } from './random.js';
import { clearSkyGhi, sunPosition } from './sun.js';

/**
 * Monthly climate normals of global horizontal irradiation (kWh/m² per day, January first) at
 * reference sites near the demo plants. Rounded long-term means as published by PVGIS
 * (JRC, PVGIS-SARAH2 2005–2020, "monthly irradiation data", horizontal plane) for the European
 * sites and by NASA POWER (CERES/MERRA-2 climatology 2001–2020, ALLSKY_SFC_SW_DWN) elsewhere.
 * The simulator's days scatter around these means so a 30-day average is what such a place
 * really receives: Hamburg ≈ 0.7 in November, Napa ≈ 2.9.
 * Each site names its source; `npm run check-irradiation -w simulator` fetches it for every
 * site and lists the months that differ by more than 10 % (it needs the internet; see
 * irradiation-sources.ts).
 */
export const IRRADIATION_NORMALS = [
  {
    site: 'Hamburg',
    source: 'pvgis',
    latitude: 53.55,
    longitude: 9.99,
    ghi: [0.55, 1.2, 2.3, 3.9, 4.9, 5.2, 5.0, 4.2, 2.8, 1.6, 0.7, 0.4],
  },
  {
    site: 'Munich',
    source: 'pvgis',
    latitude: 48.14,
    longitude: 11.58,
    ghi: [1.1, 1.9, 3.0, 4.3, 5.0, 5.6, 5.5, 4.8, 3.5, 2.2, 1.2, 0.9],
  },
  {
    site: 'Stuttgart',
    source: 'pvgis',
    latitude: 48.78,
    longitude: 9.18,
    ghi: [1.0, 1.8, 2.9, 4.3, 5.0, 5.5, 5.5, 4.7, 3.4, 2.0, 1.1, 0.8],
  },
  {
    site: 'Napa',
    source: 'nasaPower',
    latitude: 38.3,
    longitude: -122.29,
    ghi: [2.4, 3.3, 4.8, 6.3, 7.3, 7.9, 7.8, 7.0, 5.8, 4.3, 2.9, 2.2],
  },
  {
    site: 'Shanghai',
    source: 'nasaPower',
    latitude: 31.23,
    longitude: 121.47,
    ghi: [2.4, 2.8, 3.3, 4.2, 4.6, 4.2, 5.0, 4.8, 3.9, 3.3, 2.6, 2.3],
  },
  {
    site: 'Sydney',
    source: 'nasaPower',
    latitude: -33.89,
    longitude: 151.28,
    ghi: [6.9, 6.0, 5.0, 3.8, 2.9, 2.5, 2.8, 3.7, 4.9, 5.9, 6.5, 7.0],
  },
] as const;
export type IrradiationNormal = (typeof IRRADIATION_NORMALS)[number];

/** Further than this from every reference site, the latitude model of `sun.ts` applies. */
const MAX_REFERENCE_KM = 800;
const EARTH_RADIUS_KM = 6371;
const DEG = Math.PI / 180;

function distanceKm(latA: number, lonA: number, latB: number, lonB: number): number {
  const h =
    Math.sin(((latB - latA) * DEG) / 2) ** 2 +
    Math.cos(latA * DEG) * Math.cos(latB * DEG) * Math.sin(((lonB - lonA) * DEG) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

export function nearestNormal(latitude: number, longitude: number): IrradiationNormal | null {
  let best: IrradiationNormal | null = null;
  let bestKm = MAX_REFERENCE_KM;
  for (const normal of IRRADIATION_NORMALS) {
    const km = distanceKm(latitude, longitude, normal.latitude, normal.longitude);
    if (km <= bestKm) {
      best = normal;
      bestKm = km;
    }
  }
  return best;
}

const clearSkyCache = new Map<string, number>();

/** The model's cloudless irradiation on the 15th of a month, kWh/m² per day. */
export function clearSkyDailyGhi(latitude: number, longitude: number, month: number): number {
  const key = `${latitude}|${longitude}|${month}`;
  const cached = clearSkyCache.get(key);
  if (cached !== undefined) return cached;
  const stepMinutes = 10;
  let whPerM2 = 0;
  const start = Date.UTC(2026, month, 15);
  for (let minute = 0; minute < 1440; minute += stepMinutes) {
    const sun = sunPosition(new Date(start + minute * 60_000), latitude, longitude);
    whPerM2 += (clearSkyGhi(sun.elevation) * stepMinutes) / 60;
  }
  clearSkyCache.set(key, whPerM2 / 1000);
  return whPerM2 / 1000;
}

/**
 * Share of the cloudless irradiation a month brings on average at the site (the clear-sky
 * index), or null far from every reference site.
 */
export function monthlyClearSkyIndex(
  latitude: number,
  longitude: number,
  month: number,
): number | null {
  const normal = nearestNormal(latitude, longitude);
  if (!normal) return null;
  const clear = clearSkyDailyGhi(latitude, longitude, month);
  return clear > 0 ? clamp((normal.ghi[month] ?? 0) / clear, 0.1, 0.95) : 0.5;
}

/**
 * Mean transmission of the cloud model in `sun.ts` for a day's cover: the haze `1 − 0.3c`
 * times the passing clouds, which cover about a share `c` of the time and let 30 % through.
 */
export function meanTransmission(cover: number): number {
  return (1 - 0.3 * cover) * (1 - 0.7 * cover);
}

const MAX_COVER = 0.85;

/** The cover whose mean transmission is `index` (bisection; transmission falls with cover). */
export function coverForTransmission(index: number): number {
  let low = 0;
  let high = MAX_COVER;
  if (index >= 1) return 0;
  if (index <= meanTransmission(MAX_COVER)) return MAX_COVER;
  for (let i = 0; i < 30; i += 1) {
    const middle = (low + high) / 2;
    if (meanTransmission(middle) > index) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

const DAY_MS = 86_400_000;
/** A clear day lets about this share of the cloudless irradiation through. */
const CLEAR_DAY_INDEX = 0.85;
/** Grey days of a month are at most this bright; sunnier months are mostly clear days. */
const GREY_DAY_INDEX = 0.5;
const GOLDEN_RATIO_FRACTION = 0.6180339887;

/**
 * The day's clear-sky index: a month is a mix of clear days and grey ones (not all days
 * half-sunny), with the share of clear days chosen so the month's mean is its normal. The
 * mix matters: clear days bring beam light, which tilted panels gain most from. Evenly
 * spread clear days keep every 30-day window near the normal, whatever the seed.
 */
export function dailyClearSkyIndex(seed: number, day: number, monthIndex: number): number {
  const grey = Math.min(monthIndex, GREY_DAY_INDEX);
  const clearShare = (monthIndex - grey) / (CLEAR_DAY_INDEX - grey);
  // A golden-ratio sequence spreads the clear days evenly: any 30 days hold their share.
  const isClear = (day * GOLDEN_RATIO_FRACTION + hash01(seed, 17)) % 1 < clearShare;
  const jitter = hash01(seed, day, 23);
  return isClear ? CLEAR_DAY_INDEX * (0.9 + 0.2 * jitter) : grey * (0.5 + jitter);
}

/** The day's cloud cover drawn around the month's normal, or null without a reference site. */
export function climateCloudCover(
  seed: number,
  at: Date,
  latitude: number,
  longitude: number,
): number | null {
  const index = monthlyClearSkyIndex(latitude, longitude, at.getUTCMonth());
  if (index === null) return null;
  return coverForTransmission(dailyClearSkyIndex(seed, Math.floor(at.getTime() / DAY_MS), index));
}

/**
 * kWh per kWp a tilted, south-facing array makes from each kWh/m² of horizontal irradiation:
 * the tilt's gain (about 1.1 at these latitudes) times a performance ratio of about 0.82.
 */
const YIELD_PER_HORIZONTAL_KWH = 0.9;

/**
 * What a plant at the place typically made between two instants (kWh per kWp), from the
 * monthly normals; null far from every reference site. Gives demo plants a lifetime from
 * before their simulated history.
 */
export function normalYieldKwhPerKwp(
  latitude: number,
  longitude: number,
  from: Date,
  to: Date,
): number | null {
  const normal = nearestNormal(latitude, longitude);
  if (!normal) return null;
  let kwhPerKwp = 0;
  for (let t = from.getTime(); t < to.getTime(); t += DAY_MS) {
    const days = Math.min(1, (to.getTime() - t) / DAY_MS);
    kwhPerKwp += (normal.ghi[new Date(t).getUTCMonth()] ?? 0) * YIELD_PER_HORIZONTAL_KWH * days;
  }
  return kwhPerKwp;
}
