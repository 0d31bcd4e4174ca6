import { ErrorCode } from '@solar/contract';
import type { FormInstance, FormRule } from 'antd';
import { ApiError } from '../../shared/api/client';

type FieldReader = Pick<FormInstance, 'getFieldValue'>['getFieldValue'];

/**
 * Asks the server on blur whether the value is free (5000 when it exists), so a clash shows
 * under the field before Save. `check` answers null while the fields it needs are empty.
 */
export function takenOnBlurRule(
  check: (read: FieldReader) => Promise<unknown> | null,
  takenMessage: string,
): FormRule {
  return ({ getFieldValue }) => ({
    validateTrigger: 'onBlur',
    validator: async () => {
      try {
        await check(getFieldValue);
      } catch (error) {
        // Only a taken value blocks here; when the check itself fails, Save decides.
        if (error instanceof ApiError && error.code === ErrorCode.codeExists) {
          throw new Error(takenMessage);
        }
      }
    },
  });
}
