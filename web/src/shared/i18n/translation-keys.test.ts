import { describe, expect, it } from 'vitest';

type Bundle = { [key: string]: string | Bundle };

const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const englishFiles = import.meta.glob<Bundle>('@locales/en/*.json', {
  import: 'default',
  eager: true,
});

const english = new Map(
  Object.entries(englishFiles).map(([path, bundle]) => [
    path.replace(/^.*\/|\.json$/g, ''),
    bundle,
  ]),
);

const PLURAL_SUFFIXES = ['', '_zero', '_one', '_two', '_few', '_many', '_other'];

function hasKey(namespace: string, key: string): boolean {
  return PLURAL_SUFFIXES.some((suffix) => {
    const value = `${key}${suffix}`
      .split('.')
      .reduce<Bundle | string | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        english.get(namespace),
      );
    return value !== undefined;
  });
}

/**
 * The namespaces a file's plain `t('key')` reads: its `useTranslation(...)` call, when it has
 * exactly one kind. Otherwise (none, several, or `t` handed in as a parameter) they are
 * unknown and only keys naming their namespace are checked.
 */
function fileNamespaces(source: string): string[] | undefined {
  const calls = [...source.matchAll(/useTranslation\(([^)]*)\)/g)].map((match) => match[1] ?? '');
  const kinds = [...new Set(calls.map((args) => args.replace(/\s/g, '')))];
  if (kinds.length !== 1) return undefined;
  const namespaces = [...(kinds[0] ?? '').matchAll(/'([\w-]+)'/g)].map((match) => match[1] ?? '');
  return namespaces.length > 0 ? namespaces : ['common'];
}

interface KeyUse {
  file: string;
  key: string;
  /** Where i18next looks, in order; undefined when the scan cannot tell. */
  namespaces: string[] | undefined;
}

/**
 * Literal calls only: `t('key')`, `t('ns:key')`, `t('key', { ns: 'ns' })` and `i18n.t(...)`
 * (default namespace common). Keys built at run time are not seen.
 */
const T_CALL = /(?:(i18n\.)|(?<![\w.$]))t\(\s*'([^'\n]+)'(?:\s*,\s*\{\s*ns:\s*'([\w-]+)')?/g;

function keyUses(file: string, source: string): KeyUse[] {
  const namespacesOfFile = fileNamespaces(source);
  return [...source.matchAll(T_CALL)].map((match): KeyUse => {
    const [, viaInstance, literal = '', optionNamespace] = match;
    const separator = literal.indexOf(':');
    const prefix = literal.slice(0, separator);
    if (separator > 0 && english.has(prefix)) {
      return { file, key: literal.slice(separator + 1), namespaces: [prefix] };
    }
    if (optionNamespace) return { file, key: literal, namespaces: [optionNamespace] };
    return { file, key: literal, namespaces: viaInstance ? ['common'] : namespacesOfFile };
  });
}

const uses = Object.entries(sources).flatMap(([file, source]) => keyUses(file, source));
const checkable = uses.filter((use) => use.namespaces !== undefined);

describe('translation keys in the source', () => {
  it('are found by the scan', () => {
    expect(checkable.length).toBeGreaterThan(200);
  });

  it('all exist in the English locale files', () => {
    const missing = checkable
      .filter((use) => !use.namespaces?.some((namespace) => hasKey(namespace, use.key)))
      .map((use) => `${use.file}: ${use.namespaces?.join('|') ?? ''}:${use.key}`);
    expect(missing).toEqual([]);
  });
});
