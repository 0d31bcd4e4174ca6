import { act, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@solar/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { business, installFakeServer, ok } from '../../test/fake-server';
import { i18n, loadSignedInTexts } from '../i18n/i18n';
import { prepareLanguage } from './prepare-language';
import { loadLocaleResources } from '../i18n/resources';
import { applyServerEntries, fetchServerEntries } from './server-entries';

const ENTRIES_ROUTE = 'GET /anonymous/language/entrys';

function serveEntries(entries: Record<string, string>) {
  return installFakeServer({ [ENTRIES_ROUTE]: () => ok({ code: 'web', lan: 'en', entries }) });
}

// A copy: i18next keeps (and merging changes) the very objects the locale files were loaded as.
const builtInEnglish = structuredClone(await loadLocaleResources('en'));

/** The test setup starts i18next in English; a page in German would have its texts too. */
async function addBuiltInTexts(locale: Locale): Promise<void> {
  for (const [namespace, bundle] of Object.entries(await loadLocaleResources(locale))) {
    i18n.addResourceBundle(locale, namespace, bundle, true, true);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const [namespace, bundle] of Object.entries(builtInEnglish)) {
    i18n.addResourceBundle('en', namespace, bundle, true, true);
  }
  dayjs.locale('en');
});

describe('fetching the server language entries', () => {
  it('asks for the web dictionary in the server spelling of the locale, storing nothing', async () => {
    const server = serveEntries({ 'common:appName': 'Sun' });
    expect(await fetchServerEntries('zh_CN')).toEqual({ 'common:appName': 'Sun' });
    expect(server.requests[0]?.url).toBe('/anonymous/language/entrys?code=web&lan=zh');
    expect(Object.keys(localStorage)).toEqual([]);
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('answers no entries when the call fails, without a dialog', async () => {
    installFakeServer({ [ENTRIES_ROUTE]: () => ({ status: 503, body: {} }) });
    expect(await fetchServerEntries('en')).toEqual({});
    installFakeServer({ [ENTRIES_ROUTE]: () => business(500) });
    expect(await fetchServerEntries('en')).toEqual({});
    expect(document.querySelector('.ant-modal')).toBeNull();
  });
});

describe('applying the server language entries', () => {
  it('shows the server text instead of the built-in one', () => {
    applyServerEntries('en', { 'common:shell.signOut': 'Log off', 'menu:plants': 'Sites' });
    expect(i18n.t('common:shell.signOut')).toBe('Log off');
    expect(i18n.t('menu:plants')).toBe('Sites');
    expect(i18n.t('common:shell.language')).toBe('Language');
  });

  it('ignores keys without a namespace or with one the app does not have', () => {
    applyServerEntries('en', { appName: 'Sun', 'server:appName': 'Sun', ':appName': 'Sun' });
    expect(i18n.t('common:appName')).toBe('Solar portal');
    expect(i18n.hasResourceBundle('en', 'server')).toBe(false);
  });

  it('keeps the server text when the namespace is loaded after it (signed-in texts)', async () => {
    applyServerEntries('fi', { 'plants:list.title': 'Voimalat' });
    await loadSignedInTexts('fi');
    expect(i18n.getFixedT('fi', 'plants')('list.title')).toBe('Voimalat');
    expect(i18n.getFixedT('fi', 'plants')('list.map')).not.toBe('Map');
  });

  it('re-renders the texts on screen when the entries arrive after the first render', () => {
    function SignOutLabel() {
      const { t } = useTranslation('common');
      return <span>{t('shell.signOut')}</span>;
    }
    render(<SignOutLabel />);
    expect(screen.getByText('Sign out')).toBeInTheDocument();
    act(() => applyServerEntries('en', { 'common:shell.signOut': 'Log off' }));
    expect(screen.getByText('Log off')).toBeInTheDocument();
  });
});

describe('preparing the language at start', () => {
  it('keeps the built-in texts of a non-English locale when the entries call fails', async () => {
    installFakeServer({ [ENTRIES_ROUTE]: () => ({ status: 503, body: {} }) });
    await addBuiltInTexts('de');
    await prepareLanguage('de');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const german = i18n.getFixedT('de', 'common');
    expect(german('shell.signOut')).toBe('Abmelden');
    expect(i18n.options.fallbackLng).toEqual(['en']);
  });

  it('merges the entries once they arrive', async () => {
    serveEntries({ 'common:appName': 'Sonnenportal' });
    await addBuiltInTexts('de');
    await prepareLanguage('de');
    await vi.waitFor(() => expect(i18n.getFixedT('de', 'common')('appName')).toBe('Sonnenportal'));
  });
});
