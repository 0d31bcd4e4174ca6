import type { EndpointData, portfolio } from '@solar/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import DashboardPage from './DashboardPage';

type PortfolioData = EndpointData<typeof portfolio>;

const hours = (peak: number) =>
  Array.from({ length: 24 }, (_, hour) =>
    Math.max(0, Math.round(peak * Math.sin(((hour - 6) / 12) * Math.PI))),
  );

const plant = (id: number, name: string, todayYield: number, monthYield: number) => ({
  id,
  name,
  status: 'normal' as const,
  capacityKwp: 10,
  pictureUrl: null,
  timeZone: 'Europe/Berlin',
  // Positioned plants bring Leaflet in: the map's own spec (e2e overview-ux) drives it.
  latitude: null,
  longitude: null,
  powerW: 4000,
  todayKwh: todayYield * 10,
  monthKwh: monthYield * 10,
  todayYield,
  monthYield,
  hourlyPowerW: hours(6000),
});

const fleet: PortfolioData = {
  totals: {
    plantCount: 4,
    capacityKwp: 40,
    powerW: 16000,
    todayKwh: 60,
    monthKwh: 1200,
    yearKwh: 9000,
    lifetimeKwh: 54321,
    co2Kg: 25802.5,
    incomes: [
      { currency: 'EUR', amount: 1234.5 },
      { currency: 'USD', amount: 99.9 },
    ],
  },
  statusCounts: { normal: 3, offline: 0, warning: 0, fault: 1, upgrading: 0, protect: 0 },
  openAlarms: { P: 0, W: 2, F: 1 },
  plants: [
    plant(1, 'Hamburg Roof', 0.6, 20),
    plant(2, 'Napa Winery', 3.5, 100),
    plant(3, 'Munich Home', 1.2, 35),
    { ...plant(4, 'Shanghai Park', 2.5, 80), status: 'fault' as const },
  ],
};

function renderDashboard(data: PortfolioData) {
  return renderPage(
    <Routes>
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/plants/overview/:id" element={<p>overview page</p>} />
    </Routes>,
    {
      held: ['station.view'],
      routes: { 'GET /api/v1/portfolio': () => ok(data) },
      path: '/dashboard',
    },
  );
}

describe('<DashboardPage>', () => {
  it('shows fleet totals, status counts that filter the list, alarms and plant cards', async () => {
    renderDashboard(fleet);
    expect(await screen.findByTestId('fleet-power')).toHaveTextContent('Power now16.0 kW');
    expect(screen.getByTestId('fleet-lifetime')).toHaveTextContent('54.3 MWh');
    expect(screen.getByTestId('fleet-income')).toHaveTextContent('€1,234.50 · $99.90');
    expect(screen.getByTestId('fleet-co2')).toHaveTextContent('25.8 t');
    expect(screen.getByTestId('status-fault')).toHaveAttribute('href', '/plants?status=fault');
    expect(screen.getByTestId('status-fault')).toHaveTextContent('1');
    expect(screen.queryByTestId('status-offline')).toBeNull();
    expect(screen.getByTestId('alarms-W')).toHaveTextContent('2');
    const card = screen.getByTestId('plant-card-2');
    expect(within(card).getByRole('link', { name: 'Napa Winery' })).toHaveAttribute(
      'href',
      '/plants/overview/2',
    );
    expect(
      within(card).getByRole('img', { name: 'Power of Napa Winery today' }),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent('3.50 kWh/kWp');
  });

  it('ranks the best and lowest plants by specific yield today and this month', async () => {
    renderDashboard(fleet);
    const today = await screen.findByTestId('ranking-todayYield');
    const links = within(today)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(0, 3)).toEqual(['Napa Winery', 'Shanghai Park', 'Munich Home']);
    expect(links.slice(3)).toEqual(['Hamburg Roof']);
  });

  it('takes an owner with a single plant straight to its overview', async () => {
    renderDashboard({ ...fleet, plants: [plant(7, 'Only Roof', 1, 30)] });
    expect(await screen.findByText('overview page')).toBeInTheDocument();
  });
});
