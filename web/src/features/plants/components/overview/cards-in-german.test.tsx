import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../shared/i18n/i18n';
import { setActiveLocale } from '../../../../shared/i18n/locale';
import { loadLocaleResources } from '../../../../shared/i18n/resources';
import { ok } from '../../../../test/fake-server';
import { devicesFixture } from '../../pages/plant-fixtures';
import { renderPlants } from '../../test-utils';
import { DevicesCard } from './DevicesCard';
import { EnergyBarsCard } from './EnergyBarsCard';
import { WeatherCard } from './WeatherCard';

const NAMESPACES = ['common', 'plants', 'devices'];

beforeAll(async () => {
  const resources = await loadLocaleResources('de', NAMESPACES);
  for (const [namespace, texts] of Object.entries(resources))
    i18n.addResourceBundle('de', namespace, texts);
  setActiveLocale('de');
  await i18n.changeLanguage('de');
});

afterAll(async () => {
  setActiveLocale('en');
  await i18n.changeLanguage('en');
});

/** Intl writes a narrow no-break space in some places; the reader sees a space. */
const spaced = (element: HTMLElement) => element.textContent?.replace(/[\u00a0\u202f]/g, ' ');

describe('overview cards in German', () => {
  it('writes the energy sum with German separators', async () => {
    renderPlants(<EnergyBarsCard id={5} localDate="2026-06-15" />, {
      routes: {
        'GET /api/v1/plant/5/energy/day': () =>
          ok({
            points: [
              { period: '2026-06-01', energyKwh: 5000.1 },
              { period: '2026-06-02', energyKwh: 4837.3 },
            ],
          }),
      },
    });
    const sum = await screen.findByTestId('energy-sum');
    await within(sum).findByText(/9\.837,4/);
    expect(spaced(sum)).toBe('Summe: 9.837,4 kWh');
  });

  it('writes the weather readings with a decimal comma', () => {
    renderPlants(<WeatherCard devices={devicesFixture} />);
    expect(screen.getByText('21,5 °C')).toBeInTheDocument();
    expect(screen.getByText('640,0 W/m²')).toBeInTheDocument();
  });

  it('shows a device’s last report on the plant’s clock with the zone named', async () => {
    renderPlants(
      <DevicesCard
        plantId={5}
        devices={devicesFixture}
        canManage={false}
        timeZone="America/Los_Angeles"
      />,
    );
    const row = (await screen.findByText('INV0001')).closest('tr') as HTMLElement;
    // 10:00 UTC on 1 June is 03:00 in Los Angeles, on daylight saving time.
    expect(within(row).getByText('01.06.2026, 03:00 PDT')).toBeInTheDocument();
    expect(within(row).getByText('4,2 kW')).toBeInTheDocument();
  });
});
