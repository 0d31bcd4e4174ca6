import { LOCALES, VALIDATION_MESSAGES_EN } from '@solar/contract';
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

/**
 * Words that other languages write as English does (cognates, loanwords, product terms), by
 * the locales that do. Any other text equal to the English one is an untranslated copy.
 */
const SHARED_WORDS: Record<string, string[]> = {
  OK: ['po', 'fi', 'da', 'de', 'fr', 'el', 'it', 'cz', 'pt'],
  'E-mail': ['po', 'da', 'fr', 'el', 'it', 'cz', 'pt'],
  Alias: ['po', 'fi', 'da', 'de', 'es', 'fr', 'it', 'cz', 'pt'],
  Logo: ['po', 'fi', 'da', 'de', 'fr', 'it', 'cz', 'tr'],
  Offline: ['po', 'fi', 'da', 'de', 'it', 'cz', 'pt'],
  Firmware: ['da', 'de', 'es', 'it', 'cz', 'pt'],
  Normal: ['da', 'de', 'es', 'fr', 'tr', 'pt'],
  Avatar: ['es', 'fr', 'it', 'cz', 'pt'],
  Administrator: ['po', 'da', 'de'],
  'Version {{version}}': ['da', 'de', 'fr'],
  Total: ['es', 'fr', 'pt'],
  Status: ['da', 'de', 'po'],
  Inverter: ['da', 'it'],
  Latitude: ['fr', 'pt'],
  Longitude: ['fr', 'pt'],
  Datalogger: ['it', 'cz', 'da'],
  Upload: ['da'],
  Name: ['de'],
  Roles: ['es'],
  Role: ['cz'],
  Account: ['it'],
  'Account (e-mail)': ['it'],
  Password: ['it'],
  Actions: ['fr'],
  Agents: ['fr'],
  Batteries: ['fr'],
  Contacts: ['fr'],
  Description: ['fr'],
  Notifications: ['fr'],
  Versions: ['fr'],
  Type: ['da', 'fr'],
  Text: ['cz'],
  maintenance: ['fr'],
  // Identifiers and unit symbols every language writes alike.
  ICCID: ['zh_CN', 'es', 'de', 'po', 'tr', 'cz', 'el', 'pt', 'it', 'da', 'fi', 'fr'],
  ID: ['zh_CN', 'es', 'de', 'po', 'tr', 'cz', 'el', 'pt', 'it', 'da', 'fi', 'fr'],
  s: ['es', 'de', 'po', 'cz', 'pt', 'it', 'da', 'fi', 'fr'],
  Online: ['de', 'po', 'cz', 'pt', 'it', 'da'],
  Transport: ['po', 'da', 'fr'],
  Code: ['de', 'fr'],
  Details: ['de'],
  Communication: ['fr'],
  Message: ['fr'],
  Start: ['da'],
  Suggestion: ['fr'],
  Video: ['de', 'tr', 'cz', 'it', 'da', 'fi'],
  PTZ: ['zh_CN', 'es', 'de', 'po', 'tr', 'cz', 'el', 'pt', 'it', 'da', 'fi', 'fr'],
  Version: ['de', 'da', 'fr'],
  File: ['it'],
  Alarm: ['de', 'po', 'tr', 'cz', 'da'],
  'White label': ['po', 'fi', 'da', 'it', 'cz'],
  Favicon: ['es', 'de', 'po', 'tr', 'cz', 'el', 'pt', 'it', 'da', 'fi', 'fr'],
  'Upload favicon (PNG)': ['da'],
  SN: ['de', 'it', 'da'],
  Model: ['po', 'tr', 'cz', 'da'],
  'Report: {name} ({period})': ['it'],
  Action: ['fr'],
  Arguments: ['fr'],
  'System (alarm {{eventId}})': ['po', 'da'],
};

function isUntranslatedCopy(locale: string, value: unknown, english: string): boolean {
  if (value !== english || !/\p{L}/u.test(english)) return false;
  return !SHARED_WORDS[english]?.includes(locale);
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
