import { PUBLIC_NAMESPACES } from '../src/shared/i18n/namespaces';

const LOCALE_FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/**
 * One chunk per locale for the public pages' texts and one for the signed-in app's, instead of
 * one per namespace: the app loads all of a locale's namespaces at once, and some forty tiny
 * chunks cost more in requests and module set-up than the bytes they hold.
 */
export function localeChunkOf(id: string): string | undefined {
  const match = LOCALE_FILE.exec(id);
  if (!match) return undefined;
  const [, locale, namespace] = match;
  const isPublic = (PUBLIC_NAMESPACES as readonly string[]).includes(namespace ?? '');
  return isPublic ? `locale-${locale}-public` : `locale-${locale}`;
}
