import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fake-server';
import { renderPlants } from '../test-utils';
import PlantListPage from './PlantListPage';

const plant = {
  id: 11,
  name: 'Sunny Farm',
  capacityKwp: 12.5,
  plantType: 'grid',
  status: 'warning',
  powerW: 4200,
  todayKwh: 18.4,
  timeZone: 'Europe/Berlin',
  address: 'Main street 1',
  pictureUrl: null,
  createdAt: '2026-01-02T10:00:00Z',
  access: 'manage',
};

const routes = {
  'GET /api/v1/plants': () => ok({ infos: [plant], total: 1 }),
  'GET /api/v1/plant/filter': () =>
    ok({
      total: 1,
      statuses: [{ status: 'warning', count: 1 }],
      plantTypes: [
        { plantType: 'grid', count: 1 },
        { plantType: 'floating', count: 2 },
      ],
    }),
  'GET /api/v1/dict/entries': () =>
    ok([
      { code: 'grid', name: 'Grid-tied' },
      { code: 'floating', name: 'Floating' },
    ]),
};

const selectors = {
  addButton: () => screen.queryByRole('button', { name: /Add plant/ }),
  plantLink: () => screen.findByRole('link', { name: 'Sunny Farm' }),
};

describe('<PlantListPage>', () => {
  it('lists plants with their status, power and energy', async () => {
    renderPlants(<PlantListPage />, { held: ['station.view'], routes });
    expect(await selectors.plantLink()).toHaveAttribute('href', '/plants/overview/11');
    expect(screen.getByText('Warning')).toBeInTheDocument();
    expect(screen.getByText('4.2 kW')).toBeInTheDocument();
    expect(screen.getByText('18.4 kWh')).toBeInTheDocument();
  });

  it('hides "add plant" without station.create', async () => {
    renderPlants(<PlantListPage />, { held: ['station.view'], routes });
    await selectors.plantLink();
    expect(selectors.addButton()).toBeNull();
  });

  it('shows "add plant" with station.create', async () => {
    renderPlants(<PlantListPage />, { held: ['station.view', 'station.create'], routes });
    await selectors.plantLink();
    expect(selectors.addButton()).toBeInTheDocument();
  });

  it("filters by the plant-type dictionary's entries, an administrator's own type too", async () => {
    const { server } = renderPlants(<PlantListPage />, { held: ['station.view'], routes });
    await selectors.plantLink();
    await userEvent.click(screen.getByRole('combobox', { name: 'All plant types' }));
    expect(await screen.findByText('Grid-tied (1)')).toBeInTheDocument();
    await userEvent.click(await screen.findByText('Floating (2)'));
    await waitFor(() =>
      expect(server.requests.some((request) => request.url.includes('plantType=floating'))).toBe(
        true,
      ),
    );
  });

  it('sends the search to the server', async () => {
    const { server } = renderPlants(<PlantListPage />, { held: ['station.view'], routes });
    await selectors.plantLink();
    await userEvent.setup().type(screen.getByRole('searchbox'), 'Sunny{Enter}');
    await waitFor(() =>
      expect(server.requests.some((request) => request.url.includes('name=Sunny'))).toBe(true),
    );
  });
});
