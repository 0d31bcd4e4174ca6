import { ErrorCode } from '@solar/contract';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/api-error';

/** Puts a wrong or expired code (5, 6) on the code field instead of a toast. */
export function showCodeError(error: unknown, form: FormInstance, t: TFunction): void {
  if (!(error instanceof ApiError)) return;
  if (error.code === ErrorCode.verificationCodeError) {
    form.setFields([{ name: 'code', errors: [t('code.wrong', { ns: 'auth' })] }]);
  } else if (error.code === ErrorCode.verificationCodeExpired) {
    form.setFields([{ name: 'code', errors: [t('code.expired', { ns: 'auth' })] }]);
  }
}
