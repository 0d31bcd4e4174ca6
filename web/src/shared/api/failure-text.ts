import { isCatalogueCode } from '@solar/contract';
import { errorText } from '../i18n/error-text';
import { ApiError } from './api-error';

/**
 * What a page shows for a failed call: its code's catalogue text in the page's language (the
 * server's `msg` is not shown, so a page never depends on the server's wording), else the
 * page's own fallback. Signed-in pages only: they have the `errors` texts loaded.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && isCatalogueCode(error.code)
    ? errorText(error.code)
    : fallback;
}
