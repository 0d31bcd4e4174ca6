import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { fleet, type PortfolioData, portfolioPlant as plant } from '../portfolio.fixtures';
import DashboardPage from './DashboardPage';

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
