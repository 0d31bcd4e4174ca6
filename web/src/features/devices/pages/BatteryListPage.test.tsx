import { FAMILY_ENDPOINTS, listPlants } from '@solar/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { battery } from '../device-list.fixtures';
import BatteryListPage from './BatteryListPage';

describe('<BatteryListPage>', () => {
  it("shows each battery's state of charge and power with the plant, linked to its detail", async () => {
    renderPage(<BatteryListPage />, {
      held: ['battery.list.view'],
      routes: {
        ...answer(FAMILY_ENDPOINTS.battery.list, { infos: [battery], total: 1 }),
        ...answer(listPlants, { infos: [], total: 0 }),
      },
    });
    const row = (await screen.findByText('BAT0001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sunfield')).toBeInTheDocument();
    expect(within(row).getByText('81.5 %')).toBeInTheDocument();
    expect(within(row).getByText('-1.2 kW')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'BAT0001' })).toHaveAttribute(
      'href',
      '/device/battery/BAT0001',
    );
  });
});
