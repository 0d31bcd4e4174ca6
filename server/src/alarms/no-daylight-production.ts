import { type AlarmRuleParameters, localDate } from '@solar/contract';
import type { AlarmContext, AlarmSpan, Finding } from './alarm-context.js';
import { ratedInverters } from './alarm-context.js';
import {
  BUCKET_MS,
  type BucketPower,
  bucketKwh,
  expectedBucketsKwh,
  peerSpecificPower,
  sunElevationDeg,
} from './expected-energy.js';

type Parameters = AlarmRuleParameters<'noDaylightProduction'>;

/** Below this share of its DC peak power an inverter counts as producing nothing. */
const IDLE_SHARE = 0.01;
const WATTS_PER_KWP = 1000;
/** How far back an alarm's start is looked for, and its loss reckoned. */
const LOOKBACK_MS = 31 * 86_400_000;

async function bucketsBetween(ctx: AlarmContext, from: Date, to: Date): Promise<BucketPower[]> {
  const rows = await ctx.db
    .selectFrom('power_5min')
    .select(['device_id', 'bucket', 'power_w'])
    .where('device_id', 'in', [...ctx.peaksKw.keys(), 0])
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .execute();
  return rows.map((row) => ({ deviceId: row.device_id, bucket: row.bucket, powerW: row.power_w }));
}

function isIdle(powerW: number, kWp: number): boolean {
  return powerW < kWp * WATTS_PER_KWP * IDLE_SHARE;
}

/** The start of the run of producing buckets that ends the window: when production came back. */
function producingSince(own: readonly BucketPower[], kWp: number): Date {
  const idle = own.filter((row) => isIdle(row.powerW, kWp)).map((row) => row.bucket.getTime());
  const producing = own.map((row) => row.bucket.getTime()).filter((at) => at > Math.max(...idle));
  return new Date(Math.min(...producing));
}

/**
 * An inverter that reported nothing but idle power for `minutes` while the sun stood higher than
 * `minSunElevationDeg` and its peers made at least `peerMinPowerPct` % of their DC peak power.
 * Producing again clears it; at night, under a sky too dark for the peers, or without the
 * plant's position nothing can be told.
 */
export async function findNoDaylightProduction(
  ctx: AlarmContext,
  parameters: Parameters,
): Promise<Finding[]> {
  if (!ctx.position || sunElevationDeg(ctx.position, ctx.now) < parameters.minSunElevationDeg) {
    return [];
  }
  const windowStart = new Date(ctx.now.getTime() - parameters.minutes * 60_000);
  const buckets = await bucketsBetween(ctx, windowStart, ctx.now);
  const findings = ratedInverters(ctx).map(async ({ id, kWp }): Promise<Finding[]> => {
    const own = buckets.filter((row) => row.deviceId === id);
    if (own.length === 0) return [];
    const latest = own.reduce((a, b) => (a.bucket > b.bucket ? a : b));
    if (!isIdle(latest.powerW, kWp))
      return [{ deviceId: id, holds: false, at: producingSince(own, kWp) }];
    const peers = [...peerSpecificPower(buckets, id, ctx.peaksKw).values()];
    const peerMean = peers.reduce((sum, value) => sum + value, 0) / Math.max(peers.length, 1);
    const doPeersProduce = peerMean >= (WATTS_PER_KWP * parameters.peerMinPowerPct) / 100;
    const hasIdledAllWindow =
      own.every((row) => isIdle(row.powerW, kWp)) &&
      Math.min(...own.map((row) => row.bucket.getTime())) <= windowStart.getTime() + BUCKET_MS;
    if (!doPeersProduce || !hasIdledAllWindow) return [{ deviceId: id, holds: null, at: ctx.now }];
    return [{ deviceId: id, holds: true, at: await idleSince(ctx, id, windowStart) }];
  });
  return (await Promise.all(findings)).flat();
}

/** When the inverter stopped: the end of its last producing bucket before now, within a month. */
async function idleSince(ctx: AlarmContext, deviceId: number, fallback: Date): Promise<Date> {
  const kWp = ctx.peaksKw.get(deviceId) ?? 0;
  const row = await ctx.db
    .selectFrom('power_5min')
    .select('bucket')
    .where('device_id', '=', deviceId)
    .where('bucket', '>=', new Date(ctx.now.getTime() - LOOKBACK_MS))
    .where('bucket', '<', fallback)
    .where('power_w', '>=', kWp * WATTS_PER_KWP * IDLE_SHARE)
    .orderBy('bucket', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.bucket.getTime() + BUCKET_MS) : fallback;
}

/**
 * The energy an idle inverter lost per plant-local day of its alarm: per 5-minute bucket, its
 * peers' specific power times its DC peak power (the clear-sky bound where no peer reported),
 * less what it made.
 */
export async function noDaylightProductionLoss(
  ctx: AlarmContext,
  span: AlarmSpan,
): Promise<Map<string, number>> {
  const from = new Date(Math.max(span.startedAt.getTime(), ctx.now.getTime() - LOOKBACK_MS));
  const to = span.endedAt ?? ctx.now;
  const buckets = await bucketsBetween(ctx, from, to);
  const expected = expectedBucketsKwh({ ...ctx, buckets, deviceId: span.deviceId, from, to });
  const made = new Map(
    buckets
      .filter((row) => row.deviceId === span.deviceId)
      .map((row) => [row.bucket.getTime(), bucketKwh(row.powerW)]),
  );
  const lost = new Map<string, number>();
  for (const [key, kWh] of expected) {
    const day = localDate(ctx.timeZone, key);
    lost.set(day, (lost.get(day) ?? 0) + Math.max(0, kWh - (made.get(key) ?? 0)));
  }
  return lost;
}
