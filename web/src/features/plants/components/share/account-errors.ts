import { ErrorCode, type ErrorCodeValue } from '@solar/contract';
import { ApiError } from '../../../../shared/api/client';
import { errorText } from '../../../../shared/i18n/error-text';

/** Codes the share and transfer calls tolerate: the dialog shows them beside the form. */
const HANDLED: readonly ErrorCodeValue[] = [
  ErrorCode.noPermission,
  ErrorCode.accountNotRegistered,
  ErrorCode.shareWithSelf,
  ErrorCode.shareToCompanyUser,
  ErrorCode.shareCompanyPlant,
];

/** The catalogue text of a handled code, or null for errors the client already toasted. */
export function handledAccountError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const code = HANDLED.find((handled) => handled === error.code);
  return code === undefined ? null : errorText(code);
}
