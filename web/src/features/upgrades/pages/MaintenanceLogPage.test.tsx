import { exportMaintenanceLog, listMaintenanceLog, type MaintenanceRecord } from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { typeDateRange } from '../../../test/date-range';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import MaintenanceLogPage from './MaintenanceLogPage';

const record: MaintenanceRecord = {
  id: '6f1c9a3e-0000-4000-8000-000000000001',
  batchId: '6f1c9a3e-0000-4000-8000-000000000002',
  kind: 'batch',
  sn: 'INV001',
  deviceKind: 'inverter',
  plantId: 1,
  plantName: 'Roof A',
  fromVersion: '1.0.0',
  toVersion: '2.0.0',
  firmwareFileName: 'inv.bin',
  user: 'installer@example.com',
  status: 'failed',
  percent: 90,
  createdAt: '2026-03-01T10:00:00Z',
  startedAt: '2026-03-01T10:00:00Z',
  finishedAt: '2026-03-01T10:01:05Z',
  durationSeconds: 65,
  failureReason: 'SHA-256 of the downloaded image does not match',
};

/** The `from` and `to` of a request's query. */
function rangeOf(url: string | undefined) {
  const query = new URLSearchParams((url ?? '').slice((url ?? '').indexOf('?') + 1));
  return { from: query.get('from'), to: query.get('to') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('<MaintenanceLogPage>', () => {
  it('lists each attempt with versions, result, duration and reason, and offers the CSV', async () => {
    renderPage(<MaintenanceLogPage />, {
      held: ['logger.management', 'logger.upgrade.record'],
      routes: answer(listMaintenanceLog, { infos: [record], total: 1 }),
    });
    const row = (await screen.findByText('INV001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('1.0.0')).toBeInTheDocument();
    expect(within(row).getByText('2.0.0')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('65 s')).toBeInTheDocument();
    expect(within(row).getByText(/SHA-256/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  });

  it('hides the export without logger.upgrade.record', async () => {
    renderPage(<MaintenanceLogPage />, {
      held: ['logger.management'],
      routes: answer(listMaintenanceLog, { infos: [record], total: 1 }),
    });
    await screen.findByText('INV001');
    expect(screen.queryByRole('button', { name: /Export CSV/ })).not.toBeInTheDocument();
  });

  it('selects the picked days of the browser’s zone, as instants, in the list and the CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:log');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { server } = renderPage(<MaintenanceLogPage />, {
      held: ['logger.management', 'logger.upgrade.record'],
      routes: {
        ...answer(listMaintenanceLog, { infos: [record], total: 1 }),
        [`GET ${exportMaintenanceLog.path}`]: () => ({
          file: { contentType: 'text/csv', fileName: 'maintenance.csv', text: 'SN\nINV001\n' },
        }),
      },
    });
    await screen.findByText('INV001');
    await typeDateRange('Date', '2026-11-25', '2026-11-26');
    const days = {
      from: new Date(2026, 10, 25).toISOString(),
      to: new Date(2026, 10, 27).toISOString(),
    };
    await waitFor(() =>
      expect(rangeOf(requestsTo(server.requests, listMaintenanceLog).at(-1)?.url)).toEqual(days),
    );
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(rangeOf(requestsTo(server.requests, exportMaintenanceLog)[0]?.url)).toEqual(days);
    expect(createObjectURL).toHaveBeenCalled();
  });
});
