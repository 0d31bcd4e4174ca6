import { deleteExport, type DownloadRecord, listDownloads } from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import DownloadRecordsPage from './DownloadRecordsPage';

const record = (id: number, overrides: Partial<DownloadRecord> = {}): DownloadRecord => ({
  id,
  kind: 'events',
  format: 'csv',
  fileName: `events-${id}.csv`,
  status: 'ready',
  percent: 100,
  rowCount: 10,
  sizeBytes: 2048,
  fileUrl: `/api/v1/exports/${id}/file`,
  createdAt: '2026-03-02T08:00:00.000Z',
  expiresAt: '2026-03-05T08:00:00.000Z',
  ...overrides,
});

function renderRecords() {
  return renderPage(<DownloadRecordsPage />, {
    routes: {
      ...answer(listDownloads, {
        infos: [record(1), record(2, { status: 'running', percent: 40, fileUrl: null })],
        total: 2,
      }),
      ...answer(deleteExport, null),
    },
  });
}

describe('<DownloadRecordsPage>', () => {
  it('shows status, size and progress, with download only for ready files', async () => {
    renderRecords();
    const ready = (await screen.findByText('events-1.csv')).closest('tr') as HTMLElement;
    expect(within(ready).getByText('Ready')).toBeInTheDocument();
    expect(within(ready).getByText('2 KB')).toBeInTheDocument();
    expect(within(ready).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    const running = screen.getByText('events-2.csv').closest('tr') as HTMLElement;
    expect(within(running).getByRole('progressbar')).toBeInTheDocument();
    expect(within(running).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('deletes a record after asking', async () => {
    const { server } = renderRecords();
    const ready = (await screen.findByText('events-1.csv')).closest('tr') as HTMLElement;
    await userEvent.click(within(ready).getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, deleteExport, { id: 1 })).toHaveLength(1),
    );
  });
});
