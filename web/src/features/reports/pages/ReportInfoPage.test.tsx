import { createExport, exportStatus, listReportConfigs, runReport } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { downloadRecord } from '../../exports/download-record.fixtures';
import { reportConfig } from '../report-config.fixtures';
import ReportInfoPage from './ReportInfoPage';

vi.mock('../../plants/charts/EChart', () => ({ EChart: () => <div data-testid="chart" /> }));

const row = {
  plantId: 5,
  plantName: 'Roof Munich',
  period: '2026-03',
  currency: 'EUR' as const,
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

function renderReport() {
  return renderPage(<ReportInfoPage />, {
    held: ['workdata.view'],
    path: '/workdata/reportinfo?config=3',
    routes: {
      ...answer(listReportConfigs, {
        infos: [reportConfig(3, { name: 'Munich monthly', plantIds: [5], grouping: 'day' })],
        total: 1,
      }),
      ...answer(runReport, {
        rows: [row],
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
});
