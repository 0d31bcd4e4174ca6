import type { Permission } from '@solar/contract';
import {
  chartParameterDay,
  chartParameters,
  saveChartSelection,
  savedChartSelection,
  equipmentRealtime,
  ErrorCode,
  inverterDayCsv,
  inverterDayCurves,
  inverterDcPeak,
  inverterDetail,
  shutdownInverter,
  type EndpointData,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { commandRecord } from '../../commands/command-record.fixtures';
import InverterDetailPage from './InverterDetailPage';

const detail: EndpointData<typeof inverterDetail> = {
  id: 7,
  sn: 'INV0001',
  alias: 'Roof east',
  status: 'normal',
  ratedPowerKw: 5,
  dcPeakKw: 6,
  isDcPeakKwSet: false,
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
        ...answer(savedChartSelection, { chart: 'custom', params: [] }),
        ...answer(saveChartSelection, { chart: 'custom', params: ['pac_w', 'pv1_v'] }),
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

  it('shows the DC peak power shared from the plant; setting it is hidden without permission', async () => {
    renderDetail();
    expect(await screen.findByText('DC peak power')).toBeInTheDocument();
    expect(screen.getByText(/^6(\.0+)? kWp$/)).toBeInTheDocument();
    expect(screen.getByText("(share of the plant's capacity)")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('sets the DC peak power behind the inverter, checked as the server checks it', async () => {
    const { server } = renderDetail({ ...answer(inverterDcPeak, null) }, [
      'inverter.view',
      'inverter.setting',
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('DC peak power');
    await userEvent.type(field, '6.12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('DC peak power: 0.001 to 50000 kWp, at most 3 decimals'),
    ).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '6.6');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    // Save is held for a moment after each click (the double-click guard).
    await waitFor(() => expect(save).toBeEnabled(), { timeout: 5000 });
    await userEvent.click(save);
    await waitFor(() => expect(requestsTo(server.requests, inverterDcPeak)).toHaveLength(1));
    const [request] = requestsTo(server.requests, inverterDcPeak, { sn: 'INV0001' });
    expect(JSON.parse(String(request?.body))).toEqual({ dcPeakKw: 6.6 });
  });

  it('offers boot at once when the shutdown answer carries the confirmed state', async () => {
    renderDetail(
      answer(shutdownInverter, commandRecord({ target: 'INV0001', confirmedState: 'off' })),
      ['inverter.view', 'inverter.boot'],
    );
    const controls = await screen.findByTestId('inverter-controls');
    await userEvent.click(await within(controls).findByRole('button', { name: 'Shut down' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    // The realtime answer still says nothing of the switch: the reply's state shows.
    expect(await within(controls).findByRole('button', { name: /Boot/ })).toBeInTheDocument();
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

  it('keeps a choice that keeps the rule for the next time', async () => {
    const { server } = renderDetail();
    await screen.findByText('LHT-HV-5K F2');
    await userEvent.click(screen.getByRole('combobox', { name: 'Parameters' }));
    await userEvent.click(await screen.findByTitle('PV1 voltage (V)'));
    await waitFor(() => expect(requestsTo(server.requests, saveChartSelection)).toHaveLength(1));
    expect(JSON.parse(requestsTo(server.requests, saveChartSelection)[0]?.body ?? '')).toEqual({
      chart: 'custom',
      params: ['pac_w', 'pv1_v'],
    });
  });

  it('opens the custom chart with the parameters chosen last time', async () => {
    const { server } = renderDetail(
      answer(savedChartSelection, { chart: 'custom', params: ['pv1_v', 'pv1_i'] }),
    );
    await screen.findByText('LHT-HV-5K F2');
    await waitFor(() =>
      expect(requestsTo(server.requests, chartParameterDay).at(-1)?.url).toContain(
        'params=pv1_v%2Cpv1_i',
      ),
    );
    expect(
      requestsTo(server.requests, chartParameterDay).every(
        (request) => !request.url.includes('params=pac_w'),
      ),
    ).toBe(true);
  });

  it('says so when the inverter does not exist or is not visible', async () => {
    renderDetail(refuse(inverterDetail, ErrorCode.inverterNotFound));
    expect(
      await screen.findByText('This inverter does not exist or you may not see it'),
    ).toBeInTheDocument();
  });
});
