import { type Endpoint, ErrorCode } from '@solar/contract';
import type { FormInstance, FormRule } from 'antd';
import {
  ApiError,
  apiCall,
  type EndpointParamsInput,
  type EndpointQueryInput,
} from '../api/client';

type FieldReader = Pick<FormInstance, 'getFieldValue'>['getFieldValue'];

/**
 * Asks the server's check endpoint on blur whether the value is free (5000 when it exists), so
 * a clash shows under the field before Save. `queryOf` answers null while the fields the check
 * needs are empty; `params` fill a check path's own parameters (a product's id).
 */
export function takenOnBlurRule<E extends Endpoint>(
  check: E,
  queryOf: (read: FieldReader) => EndpointQueryInput<E> | null,
  takenMessage: string,
  params?: EndpointParamsInput<E>,
): FormRule {
  return ({ getFieldValue }) => ({
    validateTrigger: 'onBlur',
    validator: async () => {
      const query = queryOf(getFieldValue);
      if (!query) return;
      try {
        await apiCall(check, { query, ...(params ? { params } : {}), quiet: true });
      } catch (error) {
        // Only a taken value blocks here; when the check itself fails, Save decides.
        if (error instanceof ApiError && error.code === ErrorCode.codeExists) {
          throw new Error(takenMessage);
        }
      }
    },
  });
}
