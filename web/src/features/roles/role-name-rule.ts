import { checkRoleName, ErrorCode } from '@solar/contract';
import type { FormRule } from 'antd';
import { ApiError, apiCall } from '../../shared/api/client';

/**
 * Asks the server on blur whether the name is free (801 when another role of the company has
 * it), so a clash shows under the field before Save. `roleId` leaves the edited role out.
 */
export function roleNameFreeRule(roleId: number | undefined, takenMessage: string): FormRule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, name: string) => {
      try {
        await apiCall(checkRoleName, { query: { name, id: roleId }, quiet: true });
      } catch (error) {
        // Only a taken name blocks here; when the check itself fails, Save decides.
        if (error instanceof ApiError && error.code === ErrorCode.roleExists) {
          throw new Error(takenMessage);
        }
      }
    },
  };
}
