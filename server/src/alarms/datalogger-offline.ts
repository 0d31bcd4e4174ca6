import { type AlarmRuleParameters, OFFLINE_AFTER_MINUTES } from '@solar/contract';
import { isNightAt } from '../campaigns/campaign-window.js';
import type { AlarmContext, Finding } from './alarm-context.js';

type Parameters = AlarmRuleParameters<'dataloggerOffline'>;

const MINUTE_MS = 60_000;
const STEP_MS = 5 * MINUTE_MS;

/** Minutes of daylight at the plant between two instants, counted in 5-minute steps. */
function daylightMinutes(ctx: AlarmContext, from: Date, to: Date): number {
  const place = {
    ...(ctx.position ?? { latitude: null, longitude: null }),
    timeZone: ctx.timeZone,
  };
  let minutes = 0;
  for (let at = from.getTime(); at < to.getTime(); at += STEP_MS) {
    if (!isNightAt(place, new Date(at)))
      minutes += Math.min(STEP_MS, to.getTime() - at) / MINUTE_MS;
  }
  return minutes;
}

/**
 * A datalogger silent for `daylightMinutes` of daylight, or for `nightHours` whatever the sun did:
 * a logger that sleeps at night raises nothing. Its alarm sits on the datalogger's first device
 * (events name devices). Reporting again clears it at the moment it was heard.
 */
export async function findDataloggerOffline(
  ctx: AlarmContext,
  parameters: Parameters,
): Promise<Finding[]> {
  const dataloggers = await ctx.db
    .selectFrom('dataloggers')
    .innerJoin('devices', 'devices.datalogger_id', 'dataloggers.id')
    .select(['dataloggers.id', 'dataloggers.last_online_at'])
    .select((eb) => eb.fn.min('devices.id').as('first_device_id'))
    .where('dataloggers.plant_id', '=', ctx.plantId)
    .groupBy('dataloggers.id')
    .execute();
  return dataloggers.flatMap((logger): Finding[] => {
    const lastHeard = logger.last_online_at;
    if (!lastHeard) return [];
    const deviceId = Number(logger.first_device_id);
    const silentMs = ctx.now.getTime() - lastHeard.getTime();
    if (silentMs < OFFLINE_AFTER_MINUTES * MINUTE_MS)
      return [{ deviceId, holds: false, at: lastHeard }];
    const holds =
      silentMs >= parameters.nightHours * 60 * MINUTE_MS ||
      daylightMinutes(ctx, lastHeard, ctx.now) >= parameters.daylightMinutes;
    return [{ deviceId, holds: holds ? true : null, at: lastHeard }];
  });
}
