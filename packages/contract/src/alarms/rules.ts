import { z } from 'zod';
import { integer } from '../validation/rules.js';
import { type EventLevelLetter, PROTECT_LEVEL, WARNING_LEVEL } from '../ingestion/status.js';

/**
 * The alarm rules that find lost energy, declared once: each rule's event code, default level,
 * parameters with their bounds and defaults. The server evaluates them, the settings page draws
 * its form from them; texts live in each locale's `alarms.json` (names) and `server.json`
 * (`eventCodes`, the alarm's description and suggestion).
 */
export const ALARM_RULE_TYPES = [
  'lowSpecificYield',
  'noDaylightProduction',
  'dataloggerOffline',
] as const;
export type AlarmRuleType = (typeof ALARM_RULE_TYPES)[number];

export const alarmRuleParameters = {
  lowSpecificYield: z.strictObject({
    /** Fires below this share of the plant's median specific yield of the day, %. */
    thresholdPct: integer({ min: 10, max: 99 }),
    /** Days whose median yield stays below this, Wh/kWp, are too dark to judge. */
    minMedianYieldWhPerKwp: integer({ min: 100, max: 5000 }),
  }),
  noDaylightProduction: z.strictObject({
    /** Counts only while the sun is higher than this, degrees. */
    minSunElevationDeg: integer({ min: 5, max: 45 }),
    /** Minutes without production before it fires. */
    minutes: integer({ min: 10, max: 240 }),
    /** The peers produce: at least this share of their DC peak power, %. */
    peerMinPowerPct: integer({ min: 1, max: 50 }),
  }),
  dataloggerOffline: z.strictObject({
    /** Minutes of silence while the sun is up before it fires. */
    daylightMinutes: integer({ min: 15, max: 1440 }),
    /** Hours of silence after which it fires whatever the sun does. */
    nightHours: integer({ min: 1, max: 72 }),
  }),
} as const satisfies Record<AlarmRuleType, z.ZodType>;

export type AlarmRuleParameters<R extends AlarmRuleType> = z.infer<(typeof alarmRuleParameters)[R]>;

interface AlarmRuleDeclaration<R extends AlarmRuleType> {
  /** The portal's event code of the alarm this rule raises. */
  code: string;
  defaultLevel: EventLevelLetter;
  defaults: AlarmRuleParameters<R>;
  /** Whether its alarms carry the energy lost (a silent datalogger loses data, not energy). */
  isLosingEnergy: boolean;
}

export const ALARM_RULES: { [R in AlarmRuleType]: AlarmRuleDeclaration<R> } = {
  lowSpecificYield: {
    code: '911',
    defaultLevel: 'W',
    defaults: { thresholdPct: 80, minMedianYieldWhPerKwp: 500 },
    isLosingEnergy: true,
  },
  noDaylightProduction: {
    code: '912',
    defaultLevel: 'F',
    defaults: { minSunElevationDeg: 10, minutes: 30, peerMinPowerPct: 5 },
    isLosingEnergy: true,
  },
  dataloggerOffline: {
    code: '913',
    defaultLevel: 'W',
    defaults: { daylightMinutes: 60, nightHours: 14 },
    isLosingEnergy: false,
  },
};

/** The stored level of a letter: the inverse of `eventLevelLetter`. */
export function levelOfLetter(letter: EventLevelLetter): number {
  switch (letter) {
    case 'P':
      return PROTECT_LEVEL;
    case 'W':
      return WARNING_LEVEL;
    case 'F':
      return 1;
  }
}

/** The codes of the rules' alarms: the portal raises and clears them, never a device's report. */
export const ALARM_RULE_CODES: readonly string[] = ALARM_RULE_TYPES.map(
  (rule) => ALARM_RULES[rule].code,
);
