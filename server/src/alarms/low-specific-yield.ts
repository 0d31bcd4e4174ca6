import { type AlarmRuleParameters, dayBounds, localDate } from '@solar/contract';
import { sql } from 'kysely';
import {
  type AlarmContext,
  type AlarmSpan,
  type Finding,
  median,
  ratedInverters,
} from './alarm-context.js';

type Parameters = AlarmRuleParameters<'lowSpecificYield'>;

/** Each inverter's energy per plant-local day within [fromDay, toDay], kWh. */
async function dailyEnergy(ctx: AlarmContext, fromDay: string, toDay: string) {
  const rows = await ctx.db
    .selectFrom('energy_daily')
    .select(['device_id', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'energy_kwh'])
    .where('device_id', 'in', [...ctx.peaksKw.keys(), 0])
    .where('day', '>=', sql<string>`${fromDay}::date`)
    .where('day', '<=', sql<string>`${toDay}::date`)
    .execute();
  const byDay = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? new Map<number, number>();
    day.set(row.device_id, Number(row.energy_kwh));
    byDay.set(row.day, day);
  }
  return byDay;
}

/** Specific yield of each rated inverter that reported on a day, kWh/kWp. */
function specificYields(ctx: AlarmContext, energy: ReadonlyMap<number, number>) {
  return ratedInverters(ctx).flatMap(({ id, kWp }) => {
    const kWh = energy.get(id);
    return kWh === undefined ? [] : [{ id, kWp, kWh, yield: kWh / kWp }];
  });
}

/**
 * An inverter's specific yield today below `thresholdPct` % of the plant's median. Needs two
 * inverters to compare; a day whose median stays under `minMedianYieldWhPerKwp` (night, the
 * morning's first minutes, a dark day for all) tells nothing, so open alarms stay as they are.
 */
export async function findLowSpecificYield(
  ctx: AlarmContext,
  parameters: Parameters,
): Promise<Finding[]> {
  const today = localDate(ctx.timeZone, ctx.now);
  const energy = (await dailyEnergy(ctx, today, today)).get(today) ?? new Map<number, number>();
  const yields = specificYields(ctx, energy);
  if (yields.length < 2) return [];
  const plantMedian = median(yields.map((each) => each.yield));
  const isJudgeable = plantMedian * 1000 >= parameters.minMedianYieldWhPerKwp;
  return yields.map((each) => ({
    deviceId: each.id,
    holds: isJudgeable ? each.yield < (plantMedian * parameters.thresholdPct) / 100 : null,
    at: ctx.now,
  }));
}

/**
 * The energy a low-yield alarm lost per plant-local day of its span: what the other inverters'
 * specific yield that day gives this inverter's DC peak power, less what it made.
 */
export async function lowSpecificYieldLoss(
  ctx: AlarmContext,
  span: AlarmSpan,
): Promise<Map<string, number>> {
  const end = span.endedAt ?? ctx.now;
  // Days before yesterday were reckoned by earlier runs and keep their rows; yesterday may still
  // receive late readings.
  const lastDay = localDate(ctx.timeZone, end);
  const yesterday = localDate(ctx.timeZone, dayBounds(ctx.timeZone, lastDay).from.getTime() - 1);
  const spanStart = localDate(ctx.timeZone, span.startedAt);
  const firstDay = spanStart > yesterday ? spanStart : yesterday;
  const kWp = ctx.peaksKw.get(span.deviceId);
  const lost = new Map<string, number>();
  if (!kWp) return lost;
  for (const [day, energy] of await dailyEnergy(ctx, firstDay, lastDay)) {
    const peers = specificYields(ctx, energy).filter((each) => each.id !== span.deviceId);
    const peerKwp = peers.reduce((sum, each) => sum + each.kWp, 0);
    if (peerKwp === 0 || dayBounds(ctx.timeZone, day).from > end) continue;
    const expected = (peers.reduce((sum, each) => sum + each.kWh, 0) / peerKwp) * kWp;
    lost.set(day, Math.max(0, expected - (energy.get(span.deviceId) ?? 0)));
  }
  return lost;
}
