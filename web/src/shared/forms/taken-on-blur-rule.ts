import { type Endpoint, ErrorCode } from '@solar/contract';
import type { FormInstance, FormRule } from 'antd';
import {
  ApiError,
  apiCall,
  type EndpointParamsInput,
  type EndpointQueryInput,
} from '../api/client';

type FieldReader = Pick<FormInstance, 'getFieldValue'>['getFieldValue'];

/** The message of each refusal that means "taken", or one message for 5000 (the value exists). */
export type TakenMessages = string | Readonly<Partial<Record<number, string>>>;

function takenMessageOf(messages: TakenMessages, code: number): string | undefined {
  if (typeof messages !== 'string') return messages[code];
  return code === ErrorCode.codeExists ? messages : undefined;
}

/**
 * Asks the server's check endpoint on blur whether the value is free, so a clash shows under
 * the field before Save. `queryOf` answers null while the fields the check needs are empty;
 * `params` fill a check path's own parameters (a product's id).
 */
export function takenOnBlurRule<E extends Endpoint>(
  check: E,
  queryOf: (read: FieldReader) => EndpointQueryInput<E> | null,
  messages: TakenMessages,
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
        const message =
          error instanceof ApiError ? takenMessageOf(messages, error.code) : undefined;
        if (message) throw new Error(message);
      }
    },
  });
}
