import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** The limits a message may state: "Please input {{min}} ~ {{max}}", "At most {{max}} characters". */
export interface RuleLimits {
  min?: number;
  max?: number;
}

const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined;

/**
 * A length or size check names its one bound; the contract's range rules put both ends in
 * their params (see `packages/contract/src/validation/rules.ts`).
 */
export function issueLimits(issue: z.core.$ZodIssue): RuleLimits {
  if (issue.code === 'too_small') return { min: asNumber(issue.minimum) };
  if (issue.code === 'too_big') return { max: asNumber(issue.maximum) };
  if (issue.code === 'custom') {
    return { min: asNumber(issue.params?.min), max: asNumber(issue.params?.max) };
  }
  return {};
}

/** `validation.required` → the `required` entry of the validation namespace. */
export function validationMessage(
  key: string | undefined,
  t: TFunction,
  limits: RuleLimits = {},
): string {
  const entry = (key ?? 'validation.invalid').replace(/^validation\./, '');
  return t(entry, {
    ns: 'validation',
    ...limits,
    defaultValue: t('invalid', { ns: 'validation' }),
  });
}

/** The translated message of a zod issue, with the limits it names. */
export function issueMessage(issue: z.core.$ZodIssue | undefined, t: TFunction): string {
  return validationMessage(issue?.message, t, issue ? issueLimits(issue) : {});
}

/**
 * An antd Form rule that runs one of the contract's zod rules, so the browser and the server
 * refuse the same input with the same (translated) message.
 */
export function zodRule(
  schema: z.ZodType,
  t: TFunction,
  options?: { optional?: boolean },
): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (options?.optional && (value === undefined || value === null || value === '')) return;
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      throw new Error(issueMessage(result.error.issues[0], t));
    },
  };
}
