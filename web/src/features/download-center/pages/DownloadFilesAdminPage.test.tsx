import { deleteDownloadFile, downloadCenterFiles } from '@solar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmAndExpectSent } from '../../../test/expect-sent';
import { answer } from '../../../test/fake-endpoints';
import { expectForbidden } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { downloadFile } from '../download-file.fixtures';
import DownloadFilesAdminPage from './DownloadFilesAdminPage';

function renderAdmin() {
  return renderPage(<DownloadFilesAdminPage />, {
    held: ['sys.download.manage'],
    routes: {
      ...answer(downloadCenterFiles, { infos: [downloadFile()], total: 1 }),
      ...answer(deleteDownloadFile, null),
    },
  });
}

describe('<DownloadFilesAdminPage>', () => {
  it('withdraws a published file after confirming', async () => {
    const { server } = renderAdmin();
    const row = (await screen.findByRole('link', { name: 'Inverter manual' })).closest('tr')!;
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Withdraw' }));
    await confirmAndExpectSent(server.requests, deleteDownloadFile, { id: 7 });
  });

  it('opens the publish dialog with the file fields', async () => {
    renderAdmin();
    await userEvent.click(screen.getByRole('button', { name: /Publish a file/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Title')).toBeInTheDocument();
  });

  it('is forbidden without sys.download.manage', async () => {
    await expectForbidden('/management/downloads', ['station.view']);
  });
});
