import { getPosition } from 'suncalc';

/** Where the plant is: the sun's height there is what daylight means. */
export interface PlantPosition {
  latitude: number;
  longitude: number;
}

const DEG_PER_RAD = 180 / Math.PI;

/** The sun's apparent height above the plant's horizon at an instant, degrees. */
export function sunElevationDeg(position: PlantPosition, at: Date): number {
  return getPosition(at, position.latitude, position.longitude).altitude * DEG_PER_RAD;
}

/**
 * The most a kWp can give under a clear sky at this sun height, W: Haurwitz's clear-sky
 * irradiance on the horizontal (as the simulator's sky), taken whole as if every panel faced the
 * sun at standard conditions; an upper bound, used only where no peer tells what the sky gave.
 */
export function clearSkyUpperBoundWPerKwp(elevationDeg: number): number {
  const sinElevation = Math.sin(elevationDeg / DEG_PER_RAD);
  if (sinElevation <= 0.01) return 0;
  const horizontalIrradiance = 1098 * sinElevation * Math.exp(-0.057 / sinElevation);
  // Panels tilted towards the sun see more than the horizontal: divide by sin(elevation),
  // capped at the 1,000 W/m² that rate a kWp.
  return Math.min(horizontalIrradiance / sinElevation, 1000);
}

/** One inverter's power in one 5-minute bucket. */
export interface BucketPower {
  deviceId: number;
  bucket: Date;
  powerW: number;
}

/**
 * What the peers of `deviceId` gave per kWp in each bucket, W/kWp: the power of the plant's other
 * inverters that reported in that bucket over their DC peak power (the same sky, so a shaded or
 * tripped inverter is measured against what its neighbours made of it).
 */
export function peerSpecificPower(
  buckets: readonly BucketPower[],
  deviceId: number,
  peaksKw: ReadonlyMap<number, number | null>,
): Map<number, number> {
  const sums = new Map<number, { powerW: number; kWp: number }>();
  for (const row of buckets) {
    const kWp = peaksKw.get(row.deviceId);
    if (row.deviceId === deviceId || !kWp) continue;
    const key = row.bucket.getTime();
    const sum = sums.get(key) ?? { powerW: 0, kWp: 0 };
    sums.set(key, { powerW: sum.powerW + row.powerW, kWp: sum.kWp + kWp });
  }
  return new Map([...sums].map(([key, sum]) => [key, sum.powerW / sum.kWp]));
}

/** Kilowatt-hours of an average power held for one 5-minute bucket. */
export const BUCKET_MS = 5 * 60_000;
export function bucketKwh(powerW: number): number {
  return (powerW * BUCKET_MS) / 3_600_000 / 1000;
}

/**
 * The energy an inverter should have made per 5-minute bucket from `from` to `to`, kWh: its DC
 * peak power times its peers' specific power, else (no peer reported) the clear-sky upper bound
 * at the plant's position (zero without one).
 */
export function expectedBucketsKwh(options: {
  buckets: readonly BucketPower[];
  deviceId: number;
  peaksKw: ReadonlyMap<number, number | null>;
  position: PlantPosition | null;
  from: Date;
  to: Date;
}): Map<number, number> {
  const { deviceId, peaksKw, position } = options;
  const kWp = peaksKw.get(deviceId) ?? 0;
  const peers = peerSpecificPower(options.buckets, deviceId, peaksKw);
  const expected = new Map<number, number>();
  const first = Math.floor(options.from.getTime() / BUCKET_MS) * BUCKET_MS;
  for (let key = first; key < options.to.getTime(); key += BUCKET_MS) {
    const perKwp =
      peers.get(key) ??
      (position ? clearSkyUpperBoundWPerKwp(sunElevationDeg(position, new Date(key))) : 0);
    expected.set(key, bucketKwh(perKwp * kWp));
  }
  return expected;
}
