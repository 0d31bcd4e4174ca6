import { isUntranslatedCopy, LOCALES, VALIDATION_MESSAGES_EN } from '@solar/contract';
import { describe, expect, it } from 'vitest';

type Bundle = { [key: string]: string | Bundle };

const files = import.meta.glob<Bundle>('@locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every text of the product, the server's included: packages/contract/locales. */
function bundle(locale: string, namespace: string): Bundle | undefined {
  const path = Object.keys(files).find((key) => key.endsWith(`/${locale}/${namespace}.json`));
  return path === undefined ? undefined : files[path];
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
    expect(englishKeys.length).toBeGreaterThan(0);
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

  it.each(namespaces)('%s: no English text is left in the other twelve locales', (namespace) => {
    const english = bundle('en', namespace) ?? {};
    const copies = LOCALES.filter((locale) => locale !== 'en').flatMap((locale) =>
      leafKeys(english)
        .filter((key) =>
          isUntranslatedCopy(
            locale,
            lookup(bundle(locale, namespace), key),
            lookup(english, key) as string,
          ),
        )
        .map((key) => `${locale}/${namespace}: ${key}`),
    );
    expect(copies).toEqual([]);
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
