import {
  ALARM_RULE_TYPES,
  ALARM_RULES,
  LOCALES,
  type Locale,
  levelOfLetter,
} from '@solar/contract';
import { localeFile } from '../i18n/locale-files.js';
import { COUNTER_IMPLAUSIBLE_CODE } from './counter-events.js';

export interface DescriptorText {
  text: string;
  suggestion: string;
}

export interface EventDescriptor {
  code: string;
  /** 5 protect (P), 2 warning (W), 1 fault (F): see `eventLevelLetter`. */
  level: number;
  texts: Record<Locale, DescriptorText>;
}

/**
 * The inverter codes the simulator raises and the portal explains, and the portal's own codes
 * (9xx: `counter-events.ts`, and the alarm rules' codes of the contract's `ALARM_RULES` at their
 * default level), with their level. Their texts are in each locale's
 * `server.json`, under `eventCodes`.
 */
const LEVELS: Record<string, number> = {
  '101': 5,
  '102': 5,
  '201': 1,
  '202': 1,
  '203': 1,
  '301': 2,
  '302': 2,
  '401': 2,
  [COUNTER_IMPLAUSIBLE_CODE]: 2,
  ...Object.fromEntries(
    ALARM_RULE_TYPES.map((rule) => [
      ALARM_RULES[rule].code,
      levelOfLetter(ALARM_RULES[rule].defaultLevel),
    ]),
  ),
};

function textsOf(code: string): Record<Locale, DescriptorText> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const texts = localeFile(locale, 'server').eventCodes as Record<string, DescriptorText>;
      return [locale, texts[code]];
    }),
  ) as Record<Locale, DescriptorText>;
}

export const EVENT_DESCRIPTORS: readonly EventDescriptor[] = Object.entries(LEVELS).map(
  ([code, level]) => ({ code, level, texts: textsOf(code) }),
);

export const DESCRIPTOR_CODES = EVENT_DESCRIPTORS.map((d) => d.code);
