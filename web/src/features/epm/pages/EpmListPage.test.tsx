import { createShareLink, FAMILY_ENDPOINTS, writeEpmSettings } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { commandRecord } from '../../commands/command-record.fixtures';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import EpmListPage from './EpmListPage';

const settings = { mode: 'watts', limit: 3000, failSafe: 'zeroExport' } as const;

function renderEpm(held: string[]) {
  return renderPage(<EpmListPage />, {
    held,
    routes: {
      ...answer(FAMILY_ENDPOINTS.epm.list, {
        infos: [
          {
            sn: 'EPM1',
            alias: null,
            plantId: 4,
            plantName: 'Sunfield',
            dataloggerSn: 'DL1',
            status: 'normal',
            lastSeenAt: '2030-01-03T10:00:00.000Z',
            timeZone: 'Europe/Berlin',
            values: { p_grid_w: -2500, export_limit_w: 5000 },
            warnings: [],
          },
        ],
        total: 1,
      }),
      ...answer(writeEpmSettings, { settings, command: commandRecord({ state: 'done' }) }),
      ...answer(createShareLink, {
        token: 'abc',
        path: '/epm-realtime?token=abc',
        expiresAt: '2030-01-04T10:00:00.000Z',
      }),
    },
  });
}

async function expand() {
  await screen.findByText('Sunfield');
  await userEvent.click(screen.getAllByRole('button', { name: /expand row/i })[0]!);
}

describe('EpmListPage', () => {
  it('shows grid export against the limit; without the permissions no writing or sharing', async () => {
    renderEpm(['epm.view']);
    expect(await screen.findByText('Exporting 2.5 kW of 5.0 kW')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'EPM1' })).toHaveAttribute('href', '/device/epm/EPM1');
    await expand();
    expect(await screen.findByText('Read from device')).toBeInTheDocument();
    expect(screen.queryByText('Write')).not.toBeInTheDocument();
    expect(screen.queryByText('Share realtime page')).not.toBeInTheDocument();
  });

  it('writes the limit and shows what the device read back', async () => {
    const { server } = renderEpm(['epm.view', 'epm.setting']);
    await expand();
    await userEvent.click(await screen.findByText('Write'));
    expect(await screen.findByText('Settings as read back from the device')).toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo(server.requests, writeEpmSettings, { sn: 'EPM1' })).toHaveLength(1),
    );
  });

  it('creates a public share link', async () => {
    renderEpm(['epm.view', 'equip.share']);
    await expand();
    await userEvent.click(await screen.findByRole('button', { name: 'Share realtime page' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    expect(await screen.findByDisplayValue(/\/epm-realtime\?token=abc$/)).toBeInTheDocument();
  });
});
