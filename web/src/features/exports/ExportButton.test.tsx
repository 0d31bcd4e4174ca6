import { createExport, exportStatus } from '@solar/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { exportAs } from '../../test/export-menu';
import { answer } from '../../test/fake-endpoints';
import { renderPage } from '../../test/render-page';
import { downloadRecord } from './download-record.fixtures';
import { ExportButton } from './ExportButton';

const READY = downloadRecord(41, {
  kind: 'plants',
  format: 'xlsx',
  fileName: 'plants-2026-03-02.xlsx',
  rowCount: 3,
  sizeBytes: 5120,
});

function renderButton(held: string[] = ['station.export']) {
  return renderPage(
    <ExportButton selection={{ kind: 'plants', status: 'fault' }} permission="station.export" />,
    {
      held,
      routes: {
        ...answer(createExport, { id: 41 }),
        ...answer(exportStatus, READY),
      },
    },
  );
}

describe('<ExportButton>', () => {
  it('starts an export of the list’s selection in the page’s language and says when it is ready', async () => {
    const { server } = renderButton();
    expect(await exportAs(server.requests, 'Excel (XLSX)')).toEqual({
      kind: 'plants',
      status: 'fault',
      format: 'xlsx',
      lan: 'en',
    });
    expect(await screen.findByText('Export ready')).toBeInTheDocument();
    expect(screen.getByText('plants-2026-03-02.xlsx')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('is hidden without the list’s permission', () => {
    renderButton([]);
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
  });
});
