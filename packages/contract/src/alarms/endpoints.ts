import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { EVENT_LEVEL_LETTERS } from '../ingestion/status.js';
import * as rules from '../validation/rules.js';
import { ALARM_RULE_TYPES, type AlarmRuleType, alarmRuleParameters } from './rules.js';

/**
 * The alarm rules as a company and a plant see them: the company's defaults over the built-in
 * ones, a plant's overrides over its company's. Without `plantId` the company's defaults.
 */
const TAG = 'alarms';
const tolerated = [ErrorCode.plantNotFound] as const;

/** Where a rule's effective setting comes from. */
export const ALARM_RULE_SOURCES = ['builtIn', 'company', 'plant'] as const;

function ruleSettingOf<R extends AlarmRuleType>(rule: R) {
  return z.strictObject({
    rule: z.literal(rule),
    isEnabled: z.boolean(),
    level: z.enum(EVENT_LEVEL_LETTERS),
    parameters: alarmRuleParameters[rule],
  });
}

const settings = [
  ruleSettingOf('lowSpecificYield'),
  ruleSettingOf('noDaylightProduction'),
  ruleSettingOf('dataloggerOffline'),
] as const;

/** One rule's setting: whether it runs, the level of its alarms and its parameters. */
export const alarmRuleSetting = z.discriminatedUnion('rule', settings);
export type AlarmRuleSetting = z.infer<typeof alarmRuleSetting>;

type AnsweredShape<R extends AlarmRuleType> = {
  [K in keyof (typeof alarmRuleParameters)[R]['shape']]: z.ZodNumber;
};

/** A rule's parameters as answered: plain numbers (the request's schemas also read text). */
function answeredParameters<R extends AlarmRuleType>(rule: R) {
  const keys = Object.keys(alarmRuleParameters[rule].shape);
  return z.object(Object.fromEntries(keys.map((key) => [key, z.number()])) as AnsweredShape<R>);
}

function ruleStateOf<R extends AlarmRuleType>(rule: R) {
  return z.object({
    rule: z.literal(rule),
    isEnabled: z.boolean(),
    level: z.enum(EVENT_LEVEL_LETTERS),
    parameters: answeredParameters(rule),
    code: z.string(),
    source: z.enum(ALARM_RULE_SOURCES),
  });
}

export const alarmRuleState = z.discriminatedUnion('rule', [
  ruleStateOf('lowSpecificYield'),
  ruleStateOf('noDaylightProduction'),
  ruleStateOf('dataloggerOffline'),
]);
export type AlarmRuleState = z.infer<typeof alarmRuleState>;

const scope = { plantId: rules.id.optional() };

export const listAlarmRules = defineEndpoint({
  method: 'GET',
  path: '/api/v1/alarm-rules',
  summary:
    'The effective alarm rules of the caller’s company, or of a plant (plantId), with where each setting comes from',
  tag: TAG,
  access: requires('alarm.rule.view'),
  query: z.strictObject(scope),
  data: pageOf(alarmRuleState),
  tolerated,
  isCompanyScoped: true,
});

export const saveAlarmRule = defineEndpoint({
  method: 'POST',
  path: '/api/v1/alarm-rules',
  summary:
    'Sets one rule for the caller’s company (its default) or, with plantId, overrides it for a plant',
  tag: TAG,
  access: requires('alarm.rule.edit'),
  encoding: 'json',
  body: z.discriminatedUnion('rule', [
    settings[0].extend(scope),
    settings[1].extend(scope),
    settings[2].extend(scope),
  ]),
  data: z.null(),
  tolerated,
  isCompanyScoped: true,
});

export const resetAlarmRule = defineEndpoint({
  method: 'POST',
  path: '/api/v1/alarm-rules/reset',
  summary:
    'Removes a plant’s override of a rule (with plantId) or the company’s default, so the level above applies',
  tag: TAG,
  access: requires('alarm.rule.edit'),
  encoding: 'json',
  body: z.strictObject({ rule: z.enum(ALARM_RULE_TYPES), ...scope }),
  data: z.null(),
  tolerated,
  isCompanyScoped: true,
});

/** Energy an alarm has lost so far and its value at the plant's price. */
export const lostEnergy = z.object({
  kWh: z.number(),
  value: z.number(),
  currency: z.string(),
});
export type LostEnergy = z.infer<typeof lostEnergy>;

export const plantLostEnergy = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/lost-energy',
  summary:
    'Energy the plant’s alarms lost this plant-local month (closed and open ones), and its value',
  tag: TAG,
  access: requires('station.view'),
  params: z.strictObject({ id: rules.id }),
  data: lostEnergy.extend({
    /** The plant-local month, `YYYY-MM`. */
    month: z.string(),
    /** Alarms of the rules that lose energy, open now. */
    openAlarms: z.number().int(),
  }),
  tolerated,
});
