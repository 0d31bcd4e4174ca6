import { listReportConfigs, type ReportConfig, runReportConfig } from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import ReportsPage from './ReportsPage';

const config = (id: number, overrides: Partial<ReportConfig> = {}): ReportConfig => ({
  id,
  name: `Report ${id}`,
  plantIds: [],
  period: 'month',
  grouping: 'plant',
  columns: ['energyKwh'],
  language: 'en',
  format: 'pdf',
  schedule: null,
  timeZone: 'UTC',
  recipients: [],
  nextRunAt: null,
  lastRunAt: null,
  lastExportId: null,
  ...overrides,
});

function renderReports() {
  return renderPage(<ReportsPage />, {
    routes: {
      ...answer(listReportConfigs, {
        infos: [
          config(1, {
            schedule: '0 6 1 * *',
            timeZone: 'Europe/Berlin',
            nextRunAt: '2026-04-01T06:00:00.000Z',
          }),
          config(2, { schedule: '15 3 * * 2' }),
        ],
        total: 2,
      }),
      ...answer(runReportConfig, { id: 9 }),
    },
  });
}

describe('<ReportsPage>', () => {
  it('lists the saved configurations with their schedule by name or rule', async () => {
    renderReports();
    const monthly = (await screen.findByText('Report 1')).closest('tr') as HTMLElement;
    expect(within(monthly).getByText('Monthly (Europe/Berlin)')).toBeInTheDocument();
    expect(within(monthly).getByText('PDF')).toBeInTheDocument();
    const custom = screen.getByText('Report 2').closest('tr') as HTMLElement;
    expect(within(custom).getByText('15 3 * * 2 (UTC)')).toBeInTheDocument();
  });

  it('produces a configuration’s file on request', async () => {
    const { server } = renderReports();
    const row = (await screen.findByText('Report 1')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'File now' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, runReportConfig, { id: 1 })).toHaveLength(1),
    );
  });
});
