import { rules } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { loadLocaleResources } from '../i18n/resources';
import { issueLimits, validationMessage, zodRule } from './zod-rule';

type Validator = (rule: unknown, value: unknown) => Promise<void>;

/** The message a form field shows for `value`, or undefined when the value passes. */
async function fieldMessage(rule: ReturnType<typeof zodRule>, value: unknown) {
  const { validator } = rule as { validator: Validator };
  try {
    await validator({}, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const english = i18n.getFixedT('en');

describe('zodRule', () => {
  it('states the range of an integer rule, whichever end was missed', async () => {
    const capacity = zodRule(rules.integer({ min: 0, max: 50000 }), english);
    expect(await fieldMessage(capacity, '50001')).toBe('Please input 0 ~ 50000');
    expect(await fieldMessage(capacity, '-1')).toBe('Please input 0 ~ 50000');
    expect(await fieldMessage(capacity, '1.5')).toBe('Please input 0 ~ 50000');
    expect(await fieldMessage(capacity, '300')).toBeUndefined();
  });

  it('states the maximum length', async () => {
    const roleName = zodRule(rules.name(20), english);
    expect(await fieldMessage(roleName, 'x'.repeat(21))).toBe('At most 20 characters');
    expect(await fieldMessage(roleName, '')).toBe('This field is required');
  });

  it('states the limits in the UI language', async () => {
    i18n.addResourceBundle(
      'cz',
      'validation',
      (await loadLocaleResources('cz', ['validation'])).validation,
    );
    const czech = i18n.getFixedT('cz');
    expect(await fieldMessage(zodRule(rules.text(200), czech), 'x'.repeat(201))).toBe(
      'Maximální počet znaků: 200',
    );
    expect(await fieldMessage(zodRule(rules.integer({ min: 1, max: 5 }), czech), 9)).toBe(
      'Zadejte 1 ~ 5',
    );
  });

  it('lets an empty optional field pass', async () => {
    expect(await fieldMessage(zodRule(rules.phone, english, { optional: true }), '')).toBe(
      undefined,
    );
  });
});

describe('issueLimits', () => {
  it('reads a single bound from a size check and both from a range check', () => {
    const tooLong = rules.text(5).safeParse('123456').error?.issues[0];
    const outOfRange = rules.integer({ min: 2, max: 4 }).safeParse(9).error?.issues[0];
    expect(tooLong && issueLimits(tooLong)).toEqual({ max: 5 });
    expect(outOfRange && issueLimits(outOfRange)).toEqual({ min: 2, max: 4 });
  });
});

describe('validationMessage', () => {
  it('falls back to the generic text for an unknown key', () => {
    expect(validationMessage('validation.noSuchRule', english)).toBe('Invalid value');
  });
});
