import { ErrorCode, requestCode, rules, type CodePurpose } from '@solar/contract';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/api-error';
import { apiCall } from '../../shared/api/client';

/**
 * Validates the e-mail field, asks the server to mail a code and reports account problems on
 * the field itself (103 registered when signing up, 105 unknown when resetting).
 */
export async function sendVerificationCode(
  form: FormInstance,
  purpose: CodePurpose,
  t: TFunction,
): Promise<boolean> {
  try {
    await form.validateFields(['email']);
  } catch {
    return false;
  }
  const email = rules.email.parse(form.getFieldValue('email'));
  try {
    await apiCall(requestCode, { query: { email, type: purpose }, loading: true });
    return true;
  } catch (error) {
    if (error instanceof ApiError) {
      const key =
        error.code === ErrorCode.accountRegistered
          ? 'code.accountRegistered'
          : error.code === ErrorCode.accountNotRegistered
            ? 'code.accountNotRegistered'
            : null;
      if (key) form.setFields([{ name: 'email', errors: [t(key, { ns: 'auth' })] }]);
    }
    return false;
  }
}
