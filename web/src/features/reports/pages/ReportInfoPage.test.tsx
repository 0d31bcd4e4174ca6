import {
  createExport,
  type EndpointData,
  exportStatus,
  listReportConfigs,
  type ReportConfig,
  runReport,
} from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { downloadRecord } from '../../exports/download-record.fixtures';
import { reportConfig } from '../report-config.fixtures';
import ReportInfoPage from './ReportInfoPage';

const row: EndpointData<typeof runReport>['rows'][number] = {
  plantId: 5,
  plantName: 'Roof Munich',
  deviceId: null,
  deviceName: null,
  period: '2026-03',
  currency: 'EUR',
  capacityKwp: 10,
  energyKwh: 1234.5,
  income: 308.6,
  equivalentHours: 123.45,
  peakPowerKw: 8.25,
  performanceRatio: null,
  co2SavedKg: 586.4,
  importKwh: null,
  exportKwh: null,
  selfConsumptionKwh: null,
};

function renderReport(
  config: Partial<ReportConfig> = { grouping: 'day' },
  rows: (typeof row)[] = [row],
) {
  return renderPage(<ReportInfoPage />, {
    held: ['workdata.view'],
    path: '/workdata/reportinfo?config=3',
    routes: {
      ...answer(listReportConfigs, {
        infos: [reportConfig(3, { name: 'Munich monthly', plantIds: [5], ...config })],
        total: 1,
      }),
      ...answer(runReport, {
        rows,
        totals: {
          energyKwh: 1234.5,
          peakPowerKw: 8.25,
          co2SavedKg: 586.4,
          importKwh: 0,
          exportKwh: 0,
          incomes: [{ currency: 'EUR', amount: 308.6 }],
        },
      }),
      ...answer(createExport, { id: 12 }),
      ...answer(exportStatus, downloadRecord(12, { kind: 'report', format: 'xlsx' })),
    },
  });
}

describe('<ReportInfoPage>', () => {
  it('runs the saved configuration and exports the shown report as XLSX', async () => {
    const { server } = renderReport();
    expect(await screen.findByText('Munich monthly')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /XLSX/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('Roof Munich')).toBeInTheDocument();
    expect(screen.getByTestId('chart')).toBeInTheDocument();
    const [run] = requestsTo(server.requests, runReport);
    expect(JSON.parse(run!.body!)).toMatchObject({ grouping: 'day', plantIds: [5] });

    await userEvent.click(screen.getByRole('button', { name: /XLSX/ }));
    await waitFor(() => expect(requestsTo(server.requests, createExport)).toHaveLength(1));
    expect(JSON.parse(requestsTo(server.requests, createExport)[0]!.body!)).toMatchObject({
      kind: 'report',
      format: 'xlsx',
      grouping: 'day',
      columns: ['energyKwh'],
    });
  });

  it('runs a configuration’s custom range per device, with a device column', async () => {
    const { server } = renderReport(
      { period: 'custom', from: '2026-03-28', to: '2026-03-30', grouping: 'device' },
      [
        { ...row, deviceId: 7, deviceName: 'East', period: '2026-03-28 – 2026-03-30' },
        { ...row, deviceId: 8, deviceName: 'Grid meter', period: '2026-03-28 – 2026-03-30' },
      ],
    );
    expect(await screen.findByText('Munich monthly')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('East')).toBeInTheDocument();
    expect(screen.getByText('Grid meter')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Device/ })).toBeInTheDocument();
    const [run] = requestsTo(server.requests, runReport);
    expect(JSON.parse(run!.body!)).toEqual({
      grouping: 'device',
      plantIds: [5],
      from: '2026-03-28',
      to: '2026-03-30',
    });
  });
});
