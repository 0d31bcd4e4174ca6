import { getPosition } from 'suncalc';
import { clamp, hash01, smoothNoise } from './random.js';

const DEG = Math.PI / 180;

export interface SunPosition {
  /** Elevation above the horizon, radians. */
  elevation: number;
  /** Azimuth clockwise from north, radians. */
  azimuth: number;
}

export function sunPosition(at: Date, latitude: number, longitude: number): SunPosition {
  const { altitude, azimuth } = getPosition(at, latitude, longitude);
  return { elevation: altitude * DEG, azimuth: azimuth * DEG };
}

/** Haurwitz clear-sky global horizontal irradiance, W/m². */
export function clearSkyGhi(elevation: number): number {
  const sinElevation = Math.sin(elevation);
  if (sinElevation <= 0.01) return 0;
  return 1098 * sinElevation * Math.exp(-0.057 / sinElevation);
}

export interface ArrayOrientation {
  tiltDeg: number;
  /** Direction the panels face, clockwise from north, degrees (180 faces south). */
  azimuthDeg: number;
}

/** Panels tilted 30° towards the equator. */
export function defaultOrientation(latitude: number): ArrayOrientation {
  return { tiltDeg: 30, azimuthDeg: latitude >= 0 ? 180 : 0 };
}

const CLEAR_DIFFUSE_SHARE = 0.15;

/**
 * Share of the horizontal irradiance that arrives diffuse: 15 % under a clear sky, rising to
 * all of it from half the clear-sky irradiance down, as decomposition models such as Erbs'
 * find. A day's cover counts as well as the moment's: gaps in an overcast sky stay hazy, so
 * grey days gain little from tilting the panels.
 */
export function diffuseShare(transmission: number, cover = 0): number {
  const greyness = Math.max((1 - transmission) / 0.5, cover / 0.5);
  return clamp(CLEAR_DIFFUSE_SHARE + (1 - CLEAR_DIFFUSE_SHARE) * greyness, CLEAR_DIFFUSE_SHARE, 1);
}

/**
 * Irradiance on the tilted array: the beam on the panel plane plus isotropic diffuse and
 * ground reflection (albedo 0.2).
 */
export function planeOfArray(
  ghi: number,
  sun: SunPosition,
  orientation: ArrayOrientation,
  shareDiffuse = CLEAR_DIFFUSE_SHARE,
): number {
  if (ghi <= 0) return 0;
  const tilt = orientation.tiltDeg * DEG;
  const diffuse = ghi * shareDiffuse;
  const beamNormal = (ghi - diffuse) / Math.max(Math.sin(sun.elevation), 0.05);
  const cosIncidence =
    Math.sin(sun.elevation) * Math.cos(tilt) +
    Math.cos(sun.elevation) * Math.sin(tilt) * Math.cos(sun.azimuth - orientation.azimuthDeg * DEG);
  const beam = Math.min(beamNormal, 1000) * Math.max(cosIncidence, 0);
  return beam + (diffuse * (1 + Math.cos(tilt))) / 2 + (ghi * 0.2 * (1 - Math.cos(tilt))) / 2;
}

const DAY_MS = 86_400_000;

/**
 * How wintry the season is at a latitude, 0 (summer, or the tropics) to 1 (mid-winter at 45°
 * or more): higher latitudes see more grey days in winter.
 */
export function winterness(at: Date, latitude: number): number {
  const midWinterDay = latitude >= 0 ? 15 : 196;
  const season = (1 + Math.cos((2 * Math.PI * (dayOfYear(at) - midWinterDay)) / 365)) / 2;
  return season * Math.min(1, Math.max(0, (Math.abs(latitude) - 25) / 20));
}

/**
 * Cloud cover of a day, 0 clear to 0.85 overcast: about half the days clear in summer, a
 * fifth in a high-latitude winter.
 */
export function dailyCloudCover(seed: number, at: Date, latitude = 0): number {
  const draw = hash01(seed, Math.floor(at.getTime() / DAY_MS), 17);
  const clearShare = 0.5 - 0.3 * winterness(at, latitude);
  const partlyShare = clearShare + 0.3;
  if (draw < clearShare) return (draw / clearShare) * 0.05;
  if (draw < partlyShare) return 0.2 + ((draw - clearShare) / 0.3) * 0.35;
  return 0.6 + ((draw - partlyShare) / (1 - partlyShare)) * 0.25;
}

/**
 * Fraction of clear-sky irradiance that reaches the panels: a daily haze from the cover plus
 * passing clouds, whose share of the time grows with the cover.
 */
export function cloudTransmission(seed: number, at: Date, cover: number): number {
  const passing = clamp((cover - smoothNoise(seed, at.getTime(), 12 * 60_000)) / 0.12, 0, 1);
  return (1 - 0.3 * cover) * (1 - 0.7 * passing);
}

/** Day-of-year (1–366) in UTC. */
export function dayOfYear(at: Date): number {
  return Math.floor((at.getTime() - Date.UTC(at.getUTCFullYear(), 0, 0)) / DAY_MS);
}

/**
 * Ambient temperature: a seasonal mean for the latitude, a daily swing peaking mid-afternoon
 * solar time, smaller under clouds.
 */
export function ambientTemperature(
  at: Date,
  latitude: number,
  longitude: number,
  cover: number,
): number {
  const seasonPhase = (2 * Math.PI * (dayOfYear(at) - 196)) / 365;
  const hemisphere = latitude >= 0 ? 1 : -1;
  const mean = 25 - Math.abs(latitude) * 0.25 + 9 * Math.cos(seasonPhase) * hemisphere;
  const solarHour = (at.getUTCHours() + at.getUTCMinutes() / 60 + longitude / 15 + 24) % 24;
  const swing = 6 * (1 - 0.6 * cover) * Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
  return mean + swing;
}
