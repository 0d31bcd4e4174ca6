import { checkPassword } from '@solar/contract';
import type { FormRule } from 'antd';
import { apiCall } from '../../shared/api/client';

/**
 * Asks the server on blur whether the typed password is the caller's current one, so a wrong
 * old password shows under its field before the new one is typed twice. A failed check (109
 * after too many tries, or no answer) blocks nothing here: Save decides.
 */
export function currentPasswordRule(wrongMessage: string): FormRule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, password: string | undefined) => {
      if (!password) return;
      const answer = await apiCall(checkPassword, { body: { password }, quiet: true }).catch(
        () => null,
      );
      if (answer?.isCorrect === false) throw new Error(wrongMessage);
    },
  };
}
