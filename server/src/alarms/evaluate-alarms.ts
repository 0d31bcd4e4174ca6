import {
  ALARM_RULE_TYPES,
  type AlarmRuleState,
  type AlarmRuleType,
  levelOfLetter,
} from '@solar/contract';
import type { Db } from '../db/database.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import { type AlarmContext, type AlarmSpan, alarmContext, type Finding } from './alarm-context.js';
import { findDataloggerOffline } from './datalogger-offline.js';
import { lostKwhPrice } from './lost-energy-price.js';
import { findLowSpecificYield, lowSpecificYieldLoss } from './low-specific-yield.js';
import { findNoDaylightProduction, noDaylightProductionLoss } from './no-daylight-production.js';
import { effectiveRuleSettings } from './rule-settings.js';

interface RuleEvaluator {
  find(ctx: AlarmContext, state: AlarmRuleState): Promise<Finding[]>;
  /** Energy lost per plant-local day of an alarm; absent for a rule that loses none. */
  loss?(ctx: AlarmContext, span: AlarmSpan): Promise<Map<string, number>>;
  /**
   * The loss is a whole day's (not the alarm's own hours): a day goes to one alarm of a device,
   * so an alarm that reopens on the day it closed does not count that day twice.
   */
  isLossOfWholeDays?: boolean;
}

const EVALUATORS: Record<AlarmRuleType, RuleEvaluator> = {
  lowSpecificYield: {
    find: (ctx, state) =>
      state.rule === 'lowSpecificYield' ? findLowSpecificYield(ctx, state.parameters) : none(),
    loss: lowSpecificYieldLoss,
    isLossOfWholeDays: true,
  },
  noDaylightProduction: {
    find: (ctx, state) =>
      state.rule === 'noDaylightProduction'
        ? findNoDaylightProduction(ctx, state.parameters)
        : none(),
    loss: noDaylightProductionLoss,
  },
  dataloggerOffline: {
    find: (ctx, state) =>
      state.rule === 'dataloggerOffline' ? findDataloggerOffline(ctx, state.parameters) : none(),
  },
};

const none = (): Promise<Finding[]> => Promise.resolve([]);

interface OpenAlarm {
  id: number;
  device_id: number;
  started_at: Date;
}

/** The open alarms of a code on the plant's devices. */
async function openAlarms(trx: Db, plantId: number, code: string): Promise<OpenAlarm[]> {
  return trx
    .selectFrom('events')
    .innerJoin('devices', 'devices.id', 'events.device_id')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .select(['events.id', 'events.device_id', 'events.started_at'])
    .where('dataloggers.plant_id', '=', plantId)
    .where('events.code', '=', code)
    .where('events.ended_at', 'is', null)
    .execute();
}

/**
 * Opens an alarm where the condition holds and none is open, closes the open one where it
 * cleared (all of them when the rule is switched off), and leaves the rest: running it twice
 * opens nothing twice. Answers the spans whose lost energy is to be reckoned.
 */
async function reconcile(
  trx: Db,
  ctx: AlarmContext,
  state: AlarmRuleState,
  findings: readonly Finding[],
): Promise<{ id: number; span: AlarmSpan }[]> {
  const open = await openAlarms(trx, ctx.plantId, state.code);
  const spans: { id: number; span: AlarmSpan }[] = [];
  for (const alarm of open) {
    const finding = findings.find((each) => each.deviceId === alarm.device_id);
    const isCleared = !state.isEnabled || finding?.holds === false;
    const endedAt = isCleared
      ? new Date(Math.max((finding?.at ?? ctx.now).getTime(), alarm.started_at.getTime()))
      : null;
    if (endedAt) {
      await trx
        .updateTable('events')
        .set({ ended_at: endedAt })
        .where('id', '=', alarm.id)
        .execute();
    }
    spans.push({
      id: alarm.id,
      span: { deviceId: alarm.device_id, startedAt: alarm.started_at, endedAt },
    });
  }
  if (!state.isEnabled) return spans;
  const fresh = findings.filter(
    (each) => each.holds === true && !open.some((alarm) => alarm.device_id === each.deviceId),
  );
  for (const finding of fresh) {
    const row = await trx
      .insertInto('events')
      .values({
        device_id: finding.deviceId,
        code: state.code,
        level: levelOfLetter(state.level),
        started_at: finding.at,
        ended_at: null,
        notified_at: null,
      })
      .onConflict((oc) =>
        oc.columns(['device_id', 'code']).where('ended_at', 'is', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (row) {
      spans.push({
        id: row.id,
        span: { deviceId: finding.deviceId, startedAt: finding.at, endedAt: null },
      });
    }
  }
  return spans;
}

/** The days of `days` whose loss another alarm of the device with this code holds already. */
async function daysBookedElsewhere(
  trx: Db,
  alarm: { id: number; deviceId: number; code: string },
  days: readonly string[],
): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await trx
    .selectFrom('event_lost_energy as lost')
    .innerJoin('events', 'events.id', 'lost.event_id')
    .select('lost.day')
    .where('events.device_id', '=', alarm.deviceId)
    .where('events.code', '=', alarm.code)
    .where('events.id', '<>', alarm.id)
    .where('lost.day', 'in', days)
    .execute();
  return new Set(rows.map((row) => row.day));
}

/** Writes each alarm's lost energy per day (again, so a re-run only refreshes the figures). */
async function recordLoss(
  trx: Db,
  ctx: AlarmContext,
  evaluator: RuleEvaluator,
  code: string,
  spans: readonly { id: number; span: AlarmSpan }[],
  price: number,
): Promise<void> {
  if (!evaluator.loss) return;
  for (const { id, span } of spans) {
    const lost = await evaluator.loss(ctx, span);
    if (evaluator.isLossOfWholeDays) {
      const alarm = { id, deviceId: span.deviceId, code };
      for (const day of await daysBookedElsewhere(trx, alarm, [...lost.keys()])) lost.delete(day);
    }
    if (lost.size === 0) continue;
    await trx
      .insertInto('event_lost_energy')
      .values(
        [...lost].map(([day, kWh]) => ({
          event_id: id,
          day,
          lost_kwh: kWh,
          lost_value: kWh * price,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['event_id', 'day']).doUpdateSet((eb) => ({
          lost_kwh: eb.ref('excluded.lost_kwh'),
          lost_value: eb.ref('excluded.lost_value'),
        })),
      )
      .execute();
  }
}

/**
 * Evaluates every alarm rule of a plant at `now` with the plant's effective settings, in one
 * transaction: alarms open, close and carry their lost energy. Idempotent for one `now`.
 */
export async function evaluatePlantAlarms(
  db: Db,
  plantId: number,
  now = new Date(),
): Promise<void> {
  const plant = await db
    .selectFrom('plants')
    .select([
      'id',
      'company_id',
      'valuation_method',
      'constant_price',
      'tou_segments',
      'generation_tiers',
    ])
    .where('id', '=', plantId)
    .executeTakeFirst();
  if (!plant) return;
  const states = await effectiveRuleSettings(db, { companyId: plant.company_id, plantId });
  const price = await lostKwhPrice(db, plant);
  await retryingTransaction(db, async (trx) => {
    const ctx = await alarmContext(trx, plantId, now);
    for (const rule of ALARM_RULE_TYPES) {
      const state = states.find((each) => each.rule === rule)!;
      const evaluator = EVALUATORS[rule];
      const findings = state.isEnabled ? await evaluator.find(ctx, state) : [];
      const spans = await reconcile(trx, ctx, state, findings);
      await recordLoss(trx, ctx, evaluator, state.code, spans, price);
    }
  });
}
