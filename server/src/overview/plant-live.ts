import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import type { AuthContext } from '../auth/auth-context.js';
import type { PlantGatewaysService } from '../plants/plant-gateways.service.js';
import type { OverviewService } from './overview.service.js';

type PlantContext = Awaited<ReturnType<OverviewService['context']>>;

/** The latest start or end of an event of the plant's devices, ISO 8601. */
async function lastEventChange(deps: Pick<AppDeps, 'db'>, ctx: PlantContext) {
  if (ctx.devices.all.length === 0) return null;
  const row = await deps.db
    .selectFrom('events')
    .select(sql<Date | null>`MAX(GREATEST(started_at, ended_at))`.as('changed'))
    .where('device_id', 'in', ctx.devices.all)
    .executeTakeFirstOrThrow();
  return row.changed ? new Date(row.changed).toISOString() : null;
}

/** Today's curve reduced to what the live figures need: the peak and the last bucket. */
async function todayCurve(overview: OverviewService, ctx: PlantContext) {
  const { points } = await overview.powerCurve(ctx, ctx.today);
  const measured = points.filter((point) => point.loadW !== null);
  return {
    peakPowerTodayW: Math.max(0, ...points.map((point) => point.pvW ?? 0)),
    lastPowerBucket: measured.at(-1)?.time ?? null,
  };
}

/** One answer for every live part of the overview (`plantLive`); 700 when not visible. */
export async function liveOverview(
  deps: Pick<AppDeps, 'db'>,
  services: { overview: OverviewService; gateways: PlantGatewaysService },
  auth: AuthContext,
  plantId: number,
) {
  const { overview, gateways } = services;
  const ctx = await overview.context(auth, plantId);
  const [realtime, curve, energyFlow, generationToday, incomeTotal, environmental] =
    await Promise.all([
      overview.realtime(ctx),
      todayCurve(overview, ctx),
      overview.energyFlow(ctx),
      overview.generationUse(ctx, 'day'),
      overview.incomeTotal(ctx),
      overview.environmental(ctx),
    ]);
  const [eventCount, devices, eventChange] = await Promise.all([
    overview.eventCount(ctx),
    gateways.devices(auth, plantId),
    lastEventChange(deps, ctx),
  ]);
  return {
    realtime,
    peakPowerTodayW: curve.peakPowerTodayW,
    energyFlow,
    generationToday,
    incomeTotal,
    environmental,
    eventCount,
    devices,
    changes: { lastPowerBucket: curve.lastPowerBucket, lastEventChange: eventChange },
  };
}
