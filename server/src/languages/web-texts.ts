import { LOCALES, type Locale } from '@solar/contract';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { LOCALES_DIR, readLocaleJson } from '../i18n/locale-files.js';

/** `server.json` holds texts only the server writes; the web app never loads it. */
const SERVER_ONLY_NAMESPACE = 'server';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string, into: Map<string, string>): void {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
}

function webNamespaces(): string[] {
  return readdirSync(path.join(LOCALES_DIR, 'en'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((namespace) => namespace !== SERVER_ONLY_NAMESPACE)
    .sort();
}

function readLocale(locale: Locale, namespaces: string[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const namespace of namespaces) {
    flatten(readLocaleJson(locale, namespace) as Tree, `${namespace}:`, texts);
  }
  return texts;
}

export interface BuiltInWebTexts {
  /** Every key of the web app, `namespace:key.path`, as English has them, sorted. */
  keys: string[];
  /** The texts of each locale by key. */
  textsIn: Record<Locale, Map<string, string>>;
}

let builtIn: BuiltInWebTexts | undefined;

/** The web app's built-in texts (every namespace but the server's), read once per process. */
export function builtInWebTexts(): BuiltInWebTexts {
  if (!builtIn) {
    const namespaces = webNamespaces();
    const textsIn = Object.fromEntries(
      LOCALES.map((locale) => [locale, readLocale(locale, namespaces)]),
    ) as Record<Locale, Map<string, string>>;
    builtIn = { keys: [...textsIn.en.keys()].sort(), textsIn };
  }
  return builtIn;
}
