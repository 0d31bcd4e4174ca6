import {
  FAMILY_ENDPOINTS,
  SETTINGS_ENDPOINTS,
  weatherPerformance,
  type DeviceDetail,
  type Permission,
} from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import FamilyDetailPage from './FamilyDetailPage';

const boxDetail: DeviceDetail = {
  sn: 'BOX0001',
  alias: null,
  kind: 'box',
  status: 'normal',
  model: 'CB-8',
  lastSeenAt: '2026-06-01T10:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  values: { string_count: 2, i_total_a: 12.3, p_w: 7_626, strings1_v: 620, strings1_i: 8.1 },
  warnings: [{ code: 'weakString', key: 'strings2_i' }],
  dataloggerSn: 'DL0001',
  plant: { id: 5, name: 'Sunfield' },
  timeZone: 'Europe/Berlin',
  today: '2026-06-01',
  canManage: true,
};

const day = { date: '2026-06-01', timeZone: 'Europe/Berlin', from: '', to: '', series: [] };

function renderDetail(path: string, held: readonly Permission[], routes = {}) {
  return renderPage(
    <Routes>
      <Route path="/device/:family/:sn" element={<FamilyDetailPage />} />
    </Routes>,
    { held, path, routes },
  );
}

describe('<FamilyDetailPage>', () => {
  it('shows live values with labels and units, the weak string warning and the day curves', async () => {
    renderDetail('/device/box/BOX0001', ['equip.view'], {
      ...answer(FAMILY_ENDPOINTS.box.detail, boxDetail),
      ...answer(FAMILY_ENDPOINTS.box.day, day),
    });
    expect(await screen.findByText('String 1 current')).toBeInTheDocument();
    expect(screen.getByText('8.10 A')).toBeInTheDocument();
    expect(screen.getByText('7.6 kW')).toBeInTheDocument();
    expect(screen.getByText('String 2 current is far below the other strings')).toBeInTheDocument();
    expect(await screen.findByText('No readings on this day')).toBeInTheDocument();
  });

  const meterDetail: DeviceDetail = { ...boxDetail, sn: 'MET0001', kind: 'meter', warnings: [] };
  const meterSettings = {
    values: { master: true, ct_ratio: 40, discount_factor: 0.9 },
    command: null,
  };
  const meterRoutes = {
    ...answer(FAMILY_ENDPOINTS.meter.detail, meterDetail),
    ...answer(FAMILY_ENDPOINTS.meter.day, day),
    ...answer(SETTINGS_ENDPOINTS.meter!.read, meterSettings),
    ...answer(SETTINGS_ENDPOINTS.meter!.write, meterSettings),
  };

  it('shows the meter settings read-only without equip.setting', async () => {
    renderDetail('/device/meter/MET0001', ['equip.view'], meterRoutes);
    expect(await screen.findByLabelText('CT ratio', {}, { timeout: 5000 })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('saves the meter settings form with equip.setting', async () => {
    const { server } = renderDetail(
      '/device/meter/MET0001',
      ['equip.view', 'equip.setting'],
      meterRoutes,
    );
    const ratio = await screen.findByLabelText('CT ratio', {}, { timeout: 5000 });
    expect(ratio).toHaveValue('40.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, SETTINGS_ENDPOINTS.meter!.write)).toHaveLength(1),
    );
  });

  it("shows a weather station's performance ratio per day", async () => {
    const station: DeviceDetail = { ...boxDetail, sn: 'WEA0001', kind: 'weather', warnings: [] };
    renderDetail('/device/weather/WEA0001', ['equip.view'], {
      ...answer(FAMILY_ENDPOINTS.weather.detail, station),
      ...answer(FAMILY_ENDPOINTS.weather.day, day),
      ...answer(weatherPerformance, {
        capacityKwp: 10,
        days: [{ date: '2026-06-01', irradiationKwhM2: 5, yieldKwh: 40, ratio: 0.8 }],
      }),
    });
    expect(await screen.findByText('80.0 %')).toBeInTheDocument();
    expect(screen.getByText('5.00 kWh/m²')).toBeInTheDocument();
  });

  it('answers an unknown family with not found', async () => {
    renderDetail('/device/toaster/X1', ['equip.view']);
    expect(await screen.findByText('The device does not exist')).toBeInTheDocument();
  });
});
