import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { business, type FakeHandler, ok } from '../../../test/fake-server';
import { renderPlants } from '../test-utils';
import { devicesFixture, plantDetailFixture, realtimeFixture } from './plant-fixtures';
import PlantOverviewPage from './PlantOverviewPage';

// jsdom has no canvas; the chart options are tested on their own (charts/options.test.ts).
const series = { points: [{ period: '2026-06-01', energyKwh: 18.4 }] };
const live = {
  realtime: realtimeFixture,
  peakPowerTodayW: 6150,
  devices: devicesFixture,
  incomeTotal: {
    currency: 'EUR',
    energyKwh: 54321,
    income: 9876.5,
    beforeMonitoring: { energyKwh: 19000, income: 1900 },
  },
  environmental: { generationKwh: 54321, co2Kg: 25802.5, standardCoalKg: 21728.4, trees: 1410 },
  generationToday: {
    generationKwh: 20,
    selfConsumptionKwh: 15,
    exportKwh: 5,
    importKwh: 10,
    selfConsumptionRatio: 0.75,
    hasMeter: true,
  },
  eventCount: { open: 1, abnormalLastHour: 0 },
  energyFlow: {
    nodes: [{ node: 'pv', isPresent: true, value: 4200, unit: 'W', source: 'inverter' }],
    flows: [{ from: 'pv', to: 'load', powerW: 4200 }],
    batterySocPct: null,
  },
  changes: { lastPowerBucket: '2026-06-01T09:55:00.000Z', lastEventChange: null },
};
const routes = {
  'GET /api/v1/plant/5': () => ok(plantDetailFixture),
  'GET /api/v1/plant/5/live': () => ok(live),
  'GET /api/v1/plant/5/power': () =>
    ok({ date: '2026-06-01', timeZone: 'Europe/Berlin', points: [] }),
  'GET /api/v1/plant/5/energy/day': () => ok(series),
  'GET /api/v1/plant/5/incomes/day': () => ok({ currency: 'EUR', points: [] }),
  'GET /api/v1/plant/5/incomes/year': () =>
    ok({ currency: 'EUR', points: [], beforeMonitoring: { energyKwh: 0, income: 0 } }),
  'GET /api/v1/plant/5/events': () => ok({ infos: [], total: 0 }),
  'GET /api/v1/plant/5/lost-energy': () =>
    ok({ month: '2026-06', kWh: 12.5, value: 3.13, currency: 'EUR', openAlarms: 2 }),
};

function renderOverview(overrides: Partial<Record<keyof typeof routes, FakeHandler>> = {}) {
  return renderPlants(
    <Routes>
      <Route path="/plants/overview/:id" element={<PlantOverviewPage />} />
    </Routes>,
    { held: ['station.view'], routes: { ...routes, ...overrides }, path: '/plants/overview/5' },
  );
}

describe('<PlantOverviewPage>', () => {
  it('shows the key figures, energy flow, weather and devices of the plant', async () => {
    renderOverview();
    expect(await screen.findByRole('heading', { name: 'Sunny Farm' })).toBeInTheDocument();
    const figures = screen.getByTestId('key-figures');
    expect(screen.getByTestId('figure-power')).toHaveTextContent(
      'Current power4.2 kW42% of 10.0 kWp',
    );
    expect(screen.getByTestId('figure-today')).toHaveTextContent(
      'Energy today18.4 kWh1.84 kWh/kWp',
    );
    expect(figures).toHaveTextContent(/Lifetime energy\s*54\.3\s*MWh/);
    expect(screen.getByTestId('figure-peak')).toHaveTextContent('Peak power today6.2 kW');
    const lost = (await screen.findByText('Lost this month')).closest('.ant-card')!;
    expect(await within(lost as HTMLElement).findByText('12.5 kWh')).toBeInTheDocument();
    expect(await screen.findByTestId('figure-self-consumption')).toHaveTextContent(
      'Self-consumption75%',
    );
    expect(screen.getByTestId('figure-self-sufficiency')).toHaveTextContent('Self-sufficiency60%');
    expect(await screen.findByTestId('figure-income')).toHaveTextContent(
      'Total income€9,876.50€1,900.00 of it before monitoring',
    );
    expect(screen.getByTestId('figure-lifetime')).toHaveTextContent(
      '19.0 MWh of it before monitoring',
    );
    // The plant's clock and zone, not the reader's.
    expect(screen.getByTestId('last-update')).toHaveTextContent('Jun 1, 2026, 12:00 PM CEST');
    expect(await screen.findByTestId('flow-node-pv')).toHaveTextContent('4.2 kW');
    await userEvent
      .setup({ pointerEventsCheck: 0 })
      .click(screen.getByRole('radio', { name: 'Devices' }));
    expect(await screen.findByTestId('flow-node-INV0001')).toBeInTheDocument();
    expect(screen.getByText('640.0 W/m²')).toBeInTheDocument();
    // The inverter's device row (its card loads apart) leads to its detail page.
    expect(await screen.findByRole('link', { name: 'INV0001' })).toHaveAttribute(
      'href',
      '/device/inverter/INV0001',
    );
  });

  it('sums the income of the period as money in its currency, not "0.31k EUR"', async () => {
    const points = [
      { period: '2026-06-01', energyKwh: 700, income: 210.25 },
      { period: '2026-06-02', energyKwh: 340, income: 102.15 },
    ];
    renderOverview({
      'GET /api/v1/plant/5/incomes/day': () => ok({ currency: 'EUR', points }),
    });
    const sum = await screen.findByTestId('income-sum');
    await waitFor(() => expect(sum).toHaveTextContent('Sum: €312.40'));
  });

  it('counts the generation before monitoring into every year, so the bars add up to the lifetime', async () => {
    const points = [{ period: '2026', energyKwh: 1000, income: 300.1 }];
    const beforeMonitoring = { energyKwh: 19000, income: 1900 };
    renderOverview({
      'GET /api/v1/plant/5/incomes/year': () => ok({ currency: 'EUR', points, beforeMonitoring }),
    });
    const income = await screen.findByTestId('income-sum');
    const card = income.closest('.ant-card') as HTMLElement;
    await userEvent
      .setup({ pointerEventsCheck: 0 })
      .click(within(card).getByRole('radio', { name: 'Total' }));
    await waitFor(() => expect(income).toHaveTextContent('Sum: €2,200.10'));
  });

  it('hides every managing action for a viewer', async () => {
    renderOverview();
    await screen.findByRole('heading', { name: 'Sunny Farm' });
    for (const name of ['Share', 'Transfer', 'Edit', 'Delete', 'Export PDF']) {
      expect(screen.queryByRole('button', { name: new RegExp(name) })).toBeNull();
    }
  });

  it('tells when the plant does not exist', async () => {
    renderOverview({ 'GET /api/v1/plant/5': () => business(700) });
    expect(await screen.findByText('Plant does not exist')).toBeInTheDocument();
  });
});

describe('<PlantOverviewPage> alarm clips', () => {
  it('offers the clip kept of an alarm beside the event, to those who see video', async () => {
    const event = {
      id: 77,
      deviceSn: 'INV-1',
      deviceKind: 'inverter',
      code: '1001',
      level: 1,
      levelLetter: 'F',
      text: 'Grid overvoltage',
      suggestion: 'Check the grid',
      startedAt: '2026-06-01T09:59:30Z',
      endedAt: null,
      isOpen: true,
    };
    const clip = { id: 5, eventId: 77, eventCode: '1001', eventLevel: 'F', plantId: 5 };
    renderPlants(
      <Routes>
        <Route path="/plants/overview/:id" element={<PlantOverviewPage />} />
      </Routes>,
      {
        held: ['station.view', 'video.view'],
        routes: {
          ...routes,
          'GET /api/v1/plant/5/events': () => ok({ infos: [event], total: 1 }),
          'GET /api/v1/video/alarm-clips': () => ok({ infos: [clip], total: 1 }),
          'GET /api/v1/video/devices': () => ok({ infos: [], total: 0 }),
        },
        path: '/plants/overview/5',
      },
    );
    const row = (await screen.findByText('Grid overvoltage')).closest('tr')!;
    expect(row).toHaveTextContent('Download');
  });
});
