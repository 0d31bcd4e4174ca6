import type { Locale } from '@solar/contract';
import type { ResourceLanguage } from 'i18next';
import { PUBLIC_NAMESPACES } from './namespaces';

type Bundle = Record<string, unknown>;

/**
 * One JSON per locale and namespace (packages/contract/locales, shared with the server); each is
 * its own chunk, loaded when its locale is used. `server.json` holds texts only the server
 * writes (file headers, event descriptors, notices), so the app never loads it.
 */
const files = import.meta.glob<Bundle>(['@locales/*/*.json', '!@locales/*/server.json'], {
  import: 'default',
});

function parsePath(path: string): { locale: string; namespace: string } | null {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { locale: match[1] ?? '', namespace: match[2] ?? '' } : null;
}

export function bundledNamespaces(): string[] {
  return [...new Set(Object.keys(files).flatMap((path) => parsePath(path)?.namespace ?? []))];
}

export function signedInNamespaces(): string[] {
  const isPublic = (namespace: string) =>
    (PUBLIC_NAMESPACES as readonly string[]).includes(namespace);
  return bundledNamespaces().filter((namespace) => !isPublic(namespace));
}

/** The given namespaces (all by default) of one locale, as an i18next resource. */
export async function loadLocaleResources(
  locale: Locale,
  namespaces: readonly string[] = bundledNamespaces(),
): Promise<ResourceLanguage> {
  const entries = Object.entries(files).filter(([path]) => {
    const parsed = parsePath(path);
    return parsed?.locale === locale && namespaces.includes(parsed.namespace);
  });
  const loaded = await Promise.all(
    entries.map(async ([path, load]) => [parsePath(path)?.namespace ?? '', await load()] as const),
  );
  return Object.fromEntries(loaded);
}
