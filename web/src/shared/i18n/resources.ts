import type { Locale } from '@solar/contract';
import type { ResourceLanguage } from 'i18next';

type Bundle = Record<string, unknown>;

/** One JSON per locale and namespace; each is its own chunk, loaded when its locale is used. */
const files = import.meta.glob<Bundle>('../../locales/*/*.json', { import: 'default' });

function parsePath(path: string): { locale: string; namespace: string } | null {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { locale: match[1] ?? '', namespace: match[2] ?? '' } : null;
}

export function bundledNamespaces(): string[] {
  return [...new Set(Object.keys(files).flatMap((path) => parsePath(path)?.namespace ?? []))];
}

/** Every namespace of one locale, as an i18next resource. */
export async function loadLocaleResources(locale: Locale): Promise<ResourceLanguage> {
  const entries = Object.entries(files).filter(([path]) => parsePath(path)?.locale === locale);
  const loaded = await Promise.all(
    entries.map(async ([path, load]) => [parsePath(path)?.namespace ?? '', await load()] as const),
  );
  return Object.fromEntries(loaded);
}
