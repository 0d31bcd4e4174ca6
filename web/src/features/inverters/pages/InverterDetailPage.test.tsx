import type { Permission } from '@solar/contract';
import {
  chartParameterDay,
  chartParameters,
  equipmentRealtime,
  ErrorCode,
  inverterDayCsv,
  inverterDayCurves,
  inverterDetail,
  type EndpointData,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import InverterDetailPage from './InverterDetailPage';

const detail: EndpointData<typeof inverterDetail> = {
  id: 7,
  sn: 'INV0001',
  alias: 'Roof east',
  status: 'normal',
  ratedPowerKw: 5,
  lastSeenAt: '2026-03-29T10:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastValues: {},
  todayKwh: 12.5,
  model: {
    code: '3303',
    name: 'LHT-HV-5K F2',
    ratedPowerKw: 5,
    phases: 3,
    topology: 'hybrid',
    mpptCount: 2,
    settingsFamily: 'dy-store-three',
  },
  datalogger: {
    sn: 'DL0001',
    alias: null,
    softwareVersion: null,
    hardwareVersion: null,
    signalStrength: null,
    lastOnlineAt: null,
  },
  plant: { id: 5, name: 'Sunfield', timeZone: 'Europe/Berlin' },
  timeZone: 'Europe/Berlin',
  today: '2026-03-29',
  canManage: true,
};

const day = (date: string): EndpointData<typeof inverterDayCurves> => ({
  date,
  timeZone: 'Europe/Berlin',
  from: '2026-03-28T23:00:00.000Z',
  to: '2026-03-29T22:00:00.000Z',
  series: [
    { key: 'pv1_v', group: 'input', unit: 'V', points: [[1774828800000, 300]] },
    { key: 'pac_w', group: 'generation', unit: 'W', points: [[1774828800000, 1500]] },
  ],
});

function renderDetail(overrides = {}, held: Permission[] = ['inverter.view']) {
  return renderPage(
    <Routes>
      <Route path="/device/inverter/:sn" element={<InverterDetailPage />} />
    </Routes>,
    {
      held,
      path: '/device/inverter/INV0001',
      routes: {
        ...answer(inverterDetail, detail),
        ...answer(equipmentRealtime, {
          sn: 'INV0001',
          kind: 'inverter',
          status: 'normal',
          ts: '2026-03-29T10:00:00.000Z',
          values: {
            pac_w: 2_345,
            e_day_kwh: 12.5,
            freq_hz: 50.01,
            status: 'standby',
            pv: [{ v: 380, i: 3.5 }],
          },
        }),
        ...answer(inverterDayCurves, (request) =>
          day(new URL(request.url, 'http://x').searchParams.get('date') ?? ''),
        ),
        ...answer(chartParameters, {
          parameters: [
            { key: 'pv1_v', group: 'input', unit: 'V' },
            { key: 'pv1_i', group: 'input', unit: 'A' },
            { key: 'pac_w', group: 'generation', unit: 'W' },
          ],
          maxParameters: 6,
          maxUnits: 2,
        }),
        ...answer(chartParameterDay, (request) =>
          day(new URL(request.url, 'http://x').searchParams.get('date') ?? ''),
        ),
        ...overrides,
      },
    },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<InverterDetailPage>', () => {
  it('shows the inverter with its model, plant and the realtime values', async () => {
    renderDetail();
    expect(await screen.findByText('LHT-HV-5K F2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sunfield' })).toHaveAttribute(
      'href',
      '/plants/overview/5',
    );
    expect(screen.getByText('Europe/Berlin')).toBeInTheDocument();
    expect(await screen.findByText('2.3 kW')).toBeInTheDocument();
    expect(screen.getByText('50.01 Hz')).toBeInTheDocument();
    const strings = screen.getByRole('table', { name: 'PV strings' });
    expect(within(strings).getByText('380.0 V')).toBeInTheDocument();
    expect(within(strings).getByText('1.3 kW')).toBeInTheDocument();
    // The inverter's own state beside the portal's status.
    expect(screen.getByText('Standby')).toBeInTheDocument();
    // A role without the control permissions sees no control at all.
    expect(screen.getByTestId('inverter-controls')).not.toHaveTextContent(/\S/);
  });

  it('offers shutdown while the inverter runs, and its settings, to a role holding them', async () => {
    renderDetail({}, ['inverter.view', 'inverter.boot', 'inverter.setting']);
    const controls = await screen.findByTestId('inverter-controls');
    expect(await within(controls).findByRole('button', { name: 'Shut down' })).toBeEnabled();
    expect(within(controls).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/device/setting?sn=INV0001',
    );
  });

  it("opens on the plant's today and steps back a day; tomorrow is not offered", async () => {
    const { server } = renderDetail();
    await screen.findByText('LHT-HV-5K F2');
    await waitFor(() =>
      expect(requestsTo(server.requests, inverterDayCurves).at(-1)?.url).toContain(
        'date=2026-03-29',
      ),
    );
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, inverterDayCurves).at(-1)?.url).toContain(
        'date=2026-03-28',
      ),
    );
    await waitFor(() =>
      expect(requestsTo(server.requests, chartParameterDay).at(-1)?.url).toContain(
        'date=2026-03-28',
      ),
    );
    expect(screen.getByRole('button', { name: 'Next day' })).toBeEnabled();
  });

  it('downloads the CSV of the shown day in the page language', async () => {
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { server } = renderDetail({
      [`GET ${inverterDayCsv.path}`]: () => ({
        file: {
          contentType: 'text/csv; charset=utf-8',
          fileName: 'INV0001_2026-03-29.csv',
          text: 'Time,AC power (W)\n',
        },
      }),
    });
    await screen.findByText('LHT-HV-5K F2');
    await userEvent.click(await screen.findByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const [request] = requestsTo(server.requests, inverterDayCsv, { sn: 'INV0001' });
    expect(request?.url).toContain('date=2026-03-29');
    expect(request?.url).toContain('lan=en');
  });

  it('charts pac_w first and disables a parameter of a third unit', async () => {
    const { server } = renderDetail();
    await screen.findByText('LHT-HV-5K F2');
    await waitFor(() =>
      expect(requestsTo(server.requests, chartParameterDay).at(-1)?.url).toContain('params=pac_w'),
    );
    const select = screen.getByRole('combobox', { name: 'Parameters' });
    await userEvent.click(select);
    await userEvent.click(await screen.findByTitle('PV1 voltage (V)'));
    await waitFor(() =>
      expect(requestsTo(server.requests, chartParameterDay).at(-1)?.url).toContain(
        'params=pac_w%2Cpv1_v',
      ),
    );
    const current = await screen.findByTitle('PV1 current (A)');
    expect(current.closest('.ant-select-item-option')).toHaveClass(
      'ant-select-item-option-disabled',
    );
  });

  it('says so when the inverter does not exist or is not visible', async () => {
    renderDetail(refuse(inverterDetail, ErrorCode.inverterNotFound));
    expect(
      await screen.findByText('This inverter does not exist or you may not see it'),
    ).toBeInTheDocument();
  });
});
