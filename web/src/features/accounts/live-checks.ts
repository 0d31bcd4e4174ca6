import {
  checkAccount,
  checkCode,
  ErrorCode,
  rules,
  type CodePurpose,
  type ErrorCodeValue,
} from '@solar/contract';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/api-error';
import { apiCall } from '../../shared/api/client';
import { codeFieldMessage } from './code-errors';

/** The answer of `checkAccount` that makes the e-mail unusable for the purpose. */
const REFUSED_ACCOUNT: Record<CodePurpose, { code: ErrorCodeValue; message: string }> = {
  signup: { code: ErrorCode.accountRegistered, message: 'code.accountRegistered' },
  reset: { code: ErrorCode.accountNotRegistered, message: 'code.accountNotRegistered' },
};

/** The business code a call answered, null for success or a failure without one. */
async function answerCode(call: () => Promise<unknown>): Promise<number | null> {
  try {
    await call();
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.code : null;
  }
}

/**
 * On leaving the e-mail field: says at once, on the field, that sign-up cannot use an e-mail that
 * has an account, or that a reset knows no such account, instead of after the code was sent.
 */
export async function checkEmailOnLeave(
  form: FormInstance,
  purpose: CodePurpose,
  t: TFunction,
): Promise<void> {
  const refused = REFUSED_ACCOUNT[purpose];
  const email = rules.email.safeParse(form.getFieldValue('email'));
  if (!email.success) return;
  const code = await answerCode(() => apiCall(checkAccount, { query: { email: email.data } }));
  if (code === refused.code && form.getFieldValue('email') === email.data) {
    form.setFields([{ name: 'email', errors: [t(refused.message, { ns: 'auth' })] }]);
  }
}

/**
 * On leaving the code field with six digits: says at once that the code is wrong or expired
 * (`checkCode` does not use it up), before the rest of the form is filled in.
 */
export async function checkCodeOnLeave(
  form: FormInstance,
  purpose: CodePurpose,
  t: TFunction,
): Promise<void> {
  const email = rules.email.safeParse(form.getFieldValue('email'));
  const code = rules.verificationCode.safeParse(form.getFieldValue('code'));
  if (!email.success || !code.success) return;
  const answer = await answerCode(() =>
    apiCall(checkCode, { query: { email: email.data, code: code.data, type: purpose } }),
  );
  const message = answer === null ? undefined : codeFieldMessage(answer);
  if (message && form.getFieldValue('code') === code.data) {
    form.setFields([{ name: 'code', errors: [t(message, { ns: 'auth' })] }]);
  }
}
