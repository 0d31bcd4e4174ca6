import {
  ALARM_RULE_TYPES,
  ALARM_RULES,
  type AlarmRuleSetting,
  alarmRuleSetting,
  type AlarmRuleState,
  type AlarmRuleType,
  eventLevelLetter,
} from '@solar/contract';
import type { Db } from '../db/database.js';

/** Where to read a rule's setting: a company's defaults, and a plant's overrides over them. */
export interface RuleScope {
  companyId: number | null;
  plantId: number | null;
}

interface StoredSetting {
  rule: AlarmRuleType;
  is_enabled: boolean;
  level: number;
  parameters: unknown;
  plant_id: number | null;
}

function builtInSetting(rule: AlarmRuleType): AlarmRuleSetting {
  const declared = ALARM_RULES[rule];
  return alarmRuleSetting.parse({
    rule,
    isEnabled: true,
    level: declared.defaultLevel,
    parameters: declared.defaults,
  });
}

/**
 * A stored row read back through the contract's schema: a row that no longer parses (a bound
 * tightened since it was written) falls back to the level above rather than running on it.
 */
function storedSetting(row: StoredSetting): AlarmRuleSetting | null {
  const parsed = alarmRuleSetting.safeParse({
    rule: row.rule,
    isEnabled: row.is_enabled,
    level: eventLevelLetter(row.level),
    parameters: row.parameters,
  });
  return parsed.success ? parsed.data : null;
}

/** Every rule's effective setting in the scope: the plant's, else the company's, else built in. */
export async function effectiveRuleSettings(db: Db, scope: RuleScope): Promise<AlarmRuleState[]> {
  const rows = await db
    .selectFrom('alarm_rule_settings')
    .select(['rule', 'is_enabled', 'level', 'parameters', 'plant_id'])
    .where((eb) =>
      eb.or([
        ...(scope.companyId === null ? [] : [eb('company_id', '=', scope.companyId)]),
        ...(scope.plantId === null ? [] : [eb('plant_id', '=', scope.plantId)]),
      ]),
    )
    .execute();
  return ALARM_RULE_TYPES.map((rule) => {
    const ofRule = rows.filter((row) => row.rule === rule);
    const plant = ofRule.find((row) => row.plant_id !== null);
    const company = ofRule.find((row) => row.plant_id === null);
    const fromPlant = plant ? storedSetting(plant) : null;
    const fromCompany = company ? storedSetting(company) : null;
    const source = fromPlant ? 'plant' : fromCompany ? 'company' : 'builtIn';
    const setting = fromPlant ?? fromCompany ?? builtInSetting(rule);
    return { ...setting, code: ALARM_RULES[rule].code, source } as AlarmRuleState;
  });
}
