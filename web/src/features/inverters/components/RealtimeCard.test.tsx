import { equipmentRealtime } from '@solar/contract';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { setActiveLocale } from '../../../shared/i18n/locale';
import { loadLocaleResources } from '../../../shared/i18n/resources';
import { answer } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { RealtimeCard } from './RealtimeCard';

beforeAll(async () => {
  const resources = await loadLocaleResources('de', ['common', 'inverters']);
  for (const [namespace, texts] of Object.entries(resources))
    i18n.addResourceBundle('de', namespace, texts);
  setActiveLocale('de');
  await i18n.changeLanguage('de');
});

afterAll(async () => {
  setActiveLocale('en');
  await i18n.changeLanguage('en');
});

describe('<RealtimeCard> in German', () => {
  it('writes readings with a decimal comma and the update on the plant clock, zone named', async () => {
    renderPage(<RealtimeCard sn="INV0001" timeZone="Europe/Berlin" />, {
      routes: answer(equipmentRealtime, {
        sn: 'INV0001',
        kind: 'inverter',
        status: 'normal',
        ts: '2026-01-15T10:04:00Z',
        values: { freq_hz: 50.01, temp_c: 41.25, pv: [{ v: 612.4, i: 8.5 }] },
      }),
    });
    expect(await screen.findByText('Aktualisiert 15.01.2026, 11:04 CET')).toBeInTheDocument();
    expect(screen.getByText('50,01 Hz')).toBeInTheDocument();
    expect(screen.getByText('41,3 °C')).toBeInTheDocument();
    expect(screen.getByText('612,4 V')).toBeInTheDocument();
    expect(screen.getByText('8,50 A')).toBeInTheDocument();
  });
});
