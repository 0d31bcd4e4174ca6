import type { ErrorCodeValue } from '@solar/contract';
import { i18n, loadNamespaces } from './i18n';

/** A catalogue code's text in the page's language; the `errors` namespace must be loaded. */
export function errorText(code: ErrorCodeValue): string {
  return i18n.t(`errors:${code}`);
}

/** The same, loading the `errors` namespace first (public pages do not load it up front). */
export async function loadErrorText(code: ErrorCodeValue): Promise<string> {
  await loadNamespaces(['errors']);
  return errorText(code);
}
