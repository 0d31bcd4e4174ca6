import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * An antd Form rule that runs one of the contract's zod rules, so the browser and the server
 * refuse the same input with the same (translated) message.
 */
export function zodRule(
  schema: z.ZodType,
  t: TFunction,
  options?: { optional?: boolean },
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options?.optional && (value === undefined || value === null || value === '')) return;
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      throw new Error(validationMessage(result.error.issues[0]?.message, t));
    },
  };
}

/** `validation.required` → the `required` entry of the validation namespace. */
export function validationMessage(key: string | undefined, t: TFunction): string {
  const entry = (key ?? 'validation.invalid').replace(/^validation\./, '');
  return t(entry, { ns: 'validation', defaultValue: t('invalid', { ns: 'validation' }) });
}
