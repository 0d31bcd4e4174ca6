import { checkCustomerAccount, ErrorCode, type ErrorCodeValue } from '@solar/contract';
import type { FormRule } from 'antd';
import { ApiError, apiCall } from '../../shared/api/client';
import { errorText } from '../../shared/i18n/error-text';

/** The refusals of `checkCustomerAccount` that no Save could get past. */
const REFUSALS: readonly ErrorCodeValue[] = [
  ErrorCode.accountNotRegistered,
  ErrorCode.agentExists,
  ErrorCode.accountOfAnotherCompany,
  ErrorCode.alreadyCompanyCustomer,
];

/**
 * Asks the server on blur whether the account can become a customer of the company (105 not
 * registered, 202 its agent, 106 a member of a company, 207 a customer already), so the reason
 * shows under the field before Save. `messages` holds the page's own texts; other refusals say
 * the catalogue's.
 */
export function customerAccountRule(messages: Partial<Record<number, string>>): FormRule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, email: string | undefined) => {
      if (!email) return;
      try {
        await apiCall(checkCustomerAccount, { query: { email }, quiet: true });
      } catch (error) {
        // Only a refusal of the account blocks here; when the check itself fails, Save decides.
        if (error instanceof ApiError && REFUSALS.includes(error.code as ErrorCodeValue)) {
          throw new Error(messages[error.code] ?? errorText(error.code as ErrorCodeValue));
        }
      }
    },
  };
}
