import { ErrorCode } from '@solar/contract';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/api-error';

const CODE_FIELD_MESSAGES: Partial<Record<number, string>> = {
  [ErrorCode.verificationCodeError]: 'code.wrong',
  [ErrorCode.verificationCodeExpired]: 'code.expired',
};

/** The code field's message for a wrong or expired code (5, 6), undefined for other codes. */
export function codeFieldMessage(code: number): string | undefined {
  return CODE_FIELD_MESSAGES[code];
}

/**
 * Sends a form that carries an e-mail verification code. A wrong or expired code (5, 6, which
 * the endpoint tolerates) goes on the code field instead of a toast. Resolves whether it succeeded.
 */
export async function submitWithCode(
  send: () => Promise<unknown>,
  form: FormInstance,
  t: TFunction,
): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    const key = error instanceof ApiError ? codeFieldMessage(error.code) : undefined;
    if (key) form.setFields([{ name: 'code', errors: [t(key, { ns: 'auth' })] }]);
    return false;
  }
}
