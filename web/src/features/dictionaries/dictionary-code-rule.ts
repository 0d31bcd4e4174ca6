import { checkDictionaryCode, ErrorCode } from '@solar/contract';
import type { FormRule, FormInstance } from 'antd';
import { ApiError, apiCall } from '../../shared/api/client';

/**
 * Asks the server on blur whether the code is free within the type typed above it (5000 when
 * it exists), so a clash shows under the field before Save.
 */
export function dictionaryCodeFreeRule(takenMessage: string): FormRule {
  return ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
    validateTrigger: 'onBlur',
    validator: async (_rule, code: string) => {
      const type = getFieldValue('type') as string | undefined;
      if (!type || !code) return;
      try {
        await apiCall(checkDictionaryCode, { query: { type, code }, quiet: true });
      } catch (error) {
        // Only a taken code blocks here; when the check itself fails, Save decides.
        if (error instanceof ApiError && error.code === ErrorCode.codeExists) {
          throw new Error(takenMessage);
        }
      }
    },
  });
}
