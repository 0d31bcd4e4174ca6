import { deleteExport, listDownloads } from '@solar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmAndExpectSent } from '../../../test/expect-sent';
import { answer } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { downloadRecord as record } from '../download-record.fixtures';
import DownloadRecordsPage from './DownloadRecordsPage';

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
    await confirmAndExpectSent(server.requests, deleteExport, { id: 1 });
  });
});
