import {
  ALARM_RULE_TYPES,
  ALARM_RULES,
  levelOfLetter,
  type listAlarmRules,
  localDate,
  type ParsedBody,
  type ParsedQuery,
  type resetAlarmRule,
  type saveAlarmRule,
} from '@solar/contract';
import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import type { AuthContext } from '../auth/auth-context.js';
import { requireCompanyId } from '../companies/tenant.js';
import type { Db } from '../db/database.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import { requirePlantAccess } from '../plants/plant-access.js';
import { effectiveRuleSettings, type RuleScope } from './rule-settings.js';

export type AlarmRuleListQuery = ParsedQuery<typeof listAlarmRules>;
export type AlarmRuleChange = ParsedBody<typeof saveAlarmRule>;
export type AlarmRuleReset = ParsedBody<typeof resetAlarmRule>;

/** The codes of the alarms that lose energy: the ones "lost this month" counts. */
const LOSING_CODES = ALARM_RULE_TYPES.filter((rule) => ALARM_RULES[rule].isLosingEnergy).map(
  (rule) => ALARM_RULES[rule].code,
);

/** What an audit entry names: `rule lowSpecificYield of plant 12` (or `of company 3`). */
function ruleTarget(rule: string, scope: RuleScope): string {
  const owner = scope.plantId === null ? `company ${scope.companyId}` : `plant ${scope.plantId}`;
  return `rule ${rule} of ${owner}`;
}

/**
 * The alarm rules' settings: a company's defaults (company staff holding the permission) and a
 * plant's overrides (who may see the plant reads them, who may manage it changes them).
 */
export class AlarmsService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext, query: AlarmRuleListQuery) {
    return effectiveRuleSettings(this.db, await this.scopeOf(auth, query.plantId, 'read'));
  }

  async save(auth: AuthContext, actor: AuditActor, change: AlarmRuleChange): Promise<void> {
    const scope = await this.scopeOf(auth, change.plantId, 'manage');
    const values = {
      rule: change.rule,
      is_enabled: change.isEnabled,
      level: levelOfLetter(change.level),
      parameters: JSON.stringify(change.parameters),
      updated_by: auth.userId,
      updated_at: new Date(),
    };
    const update = {
      is_enabled: values.is_enabled,
      level: values.level,
      parameters: values.parameters,
      updated_by: values.updated_by,
      updated_at: values.updated_at,
    };
    await retryingTransaction(this.db, async (trx) => {
      if (scope.plantId === null) {
        await trx
          .insertInto('alarm_rule_settings')
          .values({ ...values, company_id: scope.companyId })
          .onConflict((oc) =>
            oc.columns(['company_id', 'rule']).where('plant_id', 'is', null).doUpdateSet(update),
          )
          .execute();
      } else {
        await trx
          .insertInto('alarm_rule_settings')
          .values({ ...values, plant_id: scope.plantId })
          .onConflict((oc) =>
            oc.columns(['plant_id', 'rule']).where('company_id', 'is', null).doUpdateSet(update),
          )
          .execute();
      }
      await recordAudit(trx, actor, {
        action: 'alarmRule.saved',
        target: ruleTarget(change.rule, scope),
        detail: {
          isEnabled: change.isEnabled,
          level: change.level,
          parameters: change.parameters,
        },
      });
    });
  }

  async reset(auth: AuthContext, actor: AuditActor, input: AlarmRuleReset): Promise<void> {
    const scope = await this.scopeOf(auth, input.plantId, 'manage');
    await retryingTransaction(this.db, async (trx) => {
      let deletion = trx.deleteFrom('alarm_rule_settings').where('rule', '=', input.rule);
      deletion =
        scope.plantId === null
          ? deletion.where('company_id', '=', scope.companyId).where('plant_id', 'is', null)
          : deletion.where('plant_id', '=', scope.plantId);
      const { numDeletedRows } = await deletion.executeTakeFirst();
      if (numDeletedRows === 0n) return;
      await recordAudit(trx, actor, {
        action: 'alarmRule.reset',
        target: ruleTarget(input.rule, scope),
      });
    });
  }

  /** Energy the plant's alarms lost this plant-local month, its value and the open alarms. */
  async lostThisMonth(auth: AuthContext, plantId: number, now = new Date()) {
    await requirePlantAccess(this.db, auth, plantId, 'read');
    const plant = await this.db
      .selectFrom('plants')
      .select(['time_zone', 'currency'])
      .where('id', '=', plantId)
      .executeTakeFirstOrThrow();
    const month = localDate(plant.time_zone, now).slice(0, 7);
    const plantEvents = this.db
      .selectFrom('events')
      .innerJoin('devices', 'devices.id', 'events.device_id')
      .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
      .where('dataloggers.plant_id', '=', plantId)
      .where('events.code', 'in', LOSING_CODES);
    const [lost, open] = await Promise.all([
      plantEvents
        .innerJoin('event_lost_energy as lost', 'lost.event_id', 'events.id')
        .where('lost.day', '>=', sql<string>`${`${month}-01`}::date`)
        .select([
          sql<number>`COALESCE(SUM(lost.lost_kwh), 0)`.as('kWh'),
          sql<number>`COALESCE(SUM(lost.lost_value), 0)`.as('value'),
        ])
        .executeTakeFirstOrThrow(),
      plantEvents
        .where('events.ended_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      month,
      kWh: Number(lost.kWh),
      value: Number(lost.value),
      currency: plant.currency,
      openAlarms: Number(open.count),
    };
  }

  private async scopeOf(
    auth: AuthContext,
    plantId: number | undefined,
    needed: 'read' | 'manage',
  ): Promise<RuleScope> {
    if (plantId === undefined) return { companyId: requireCompanyId(auth), plantId: null };
    await requirePlantAccess(this.db, auth, plantId, needed);
    const plant = await this.db
      .selectFrom('plants')
      .select('company_id')
      .where('id', '=', plantId)
      .executeTakeFirstOrThrow();
    return { companyId: plant.company_id, plantId };
  }
}
