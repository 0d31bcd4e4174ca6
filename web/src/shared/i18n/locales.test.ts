import { LOCALES, VALIDATION_MESSAGES_EN } from '@solar/contract';
import { describe, expect, it } from 'vitest';

type Bundle = { [key: string]: string | Bundle };

const files = import.meta.glob<Bundle>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function bundle(locale: string, namespace: string): Bundle | undefined {
  return files[`../../locales/${locale}/${namespace}.json`];
}

function leafKeys(tree: Bundle, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

function lookup(tree: Bundle | undefined, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Bundle | undefined)?.[part], tree);
}

const namespaces = Object.keys(files)
  .filter((path) => path.includes('/en/'))
  .map((path) => path.replace(/^.*\/|\.json$/g, ''));

describe('locale files', () => {
  it('exist for the namespaces this app uses', () => {
    expect(namespaces).toEqual(
      expect.arrayContaining(['common', 'menu', 'auth', 'validation', 'roles']),
    );
  });

  it.each(namespaces)('%s: every English key is translated in all 13 locales', (namespace) => {
    const englishKeys = leafKeys(bundle('en', namespace) ?? {});
    const missing = LOCALES.flatMap((locale) =>
      englishKeys
        .filter((key) => {
          const value = lookup(bundle(locale, namespace), key);
          return typeof value !== 'string' || value.trim() === '';
        })
        .map((key) => `${locale}/${namespace}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('validation covers every key of the contract', () => {
    const keys = Object.keys(VALIDATION_MESSAGES_EN).map((key) => key.replace(/^validation\./, ''));
    for (const locale of LOCALES) {
      expect(
        keys.filter((key) => typeof lookup(bundle(locale, 'validation'), key) !== 'string'),
      ).toEqual([]);
    }
  });
});
