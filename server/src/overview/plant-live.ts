import type { AuthContext } from '../auth/auth-context.js';
import type { PlantGatewaysService } from '../plants/plant-gateways.service.js';
import { presentPlantDataloggers } from '../plants/plant-devices.presenter.js';
import { energyFlowOf, environmentalOf, type OverviewService } from './overview.service.js';

type PlantContext = Awaited<ReturnType<OverviewService['context']>>;

/** Today's curve reduced to what the live figures need: the peak and the last bucket. */
async function todayCurve(overview: OverviewService, ctx: PlantContext) {
  const { points } = await overview.powerCurve(ctx, ctx.today);
  const measured = points.filter((point) => point.loadW !== null);
  return {
    peakPowerTodayW: Math.max(0, ...points.map((point) => point.pvW ?? 0)),
    lastPowerBucket: measured.at(-1)?.time ?? null,
  };
}

/**
 * One answer for every live part of the overview (`plantLive`); 700 when not visible. Each
 * query runs once a poll: access is checked once, the lifetime generation of the realtime
 * figures is the environmental one, the device tree's rows give the energy flow, and one events
 * query gives the counts and the last change.
 */
export async function liveOverview(
  services: { overview: OverviewService; gateways: PlantGatewaysService },
  auth: AuthContext,
  plantId: number,
) {
  const { overview, gateways } = services;
  const ctx = await overview.context(auth, plantId);
  const [realtime, curve, generationToday, incomeTotal, events, tree] = await Promise.all([
    overview.realtime(ctx),
    todayCurve(overview, ctx),
    overview.generationUse(ctx, 'day'),
    overview.incomeTotal(ctx),
    overview.eventFigures(ctx),
    gateways.deviceRows(plantId),
  ]);
  return {
    realtime,
    peakPowerTodayW: curve.peakPowerTodayW,
    energyFlow: energyFlowOf(ctx, tree.devices),
    generationToday,
    incomeTotal,
    environmental: environmentalOf(realtime.totalKwh),
    eventCount: { open: events.open, abnormalLastHour: events.abnormalLastHour },
    devices: { dataloggers: presentPlantDataloggers(tree.dataloggers, tree.devices) },
    changes: { lastPowerBucket: curve.lastPowerBucket, lastEventChange: events.lastChange },
  };
}
