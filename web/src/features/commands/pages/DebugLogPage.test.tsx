import { createExport, listDebugLog } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { typeDateRange } from '../../../test/date-range';
import { exportAs } from '../../../test/export-menu';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { commandRecord as command } from '../command-record.fixtures';
import DebugLogPage from './DebugLogPage';

const routes = {
  // One row shown of 25 found: the list has three pages of ten.
  ...answer(listDebugLog, {
    infos: [command({ name: 'raw', args: { payload: 'AT+VER' }, result: { reply: 'OK 1.2' } })],
    total: 25,
  }),
  ...answer(createExport, { id: 9 }),
};

/** The query of the page's last list request. */
function lastListQuery(requests: Parameters<typeof requestsTo>[0]) {
  const url = requestsTo(requests, listDebugLog).at(-1)?.url ?? '';
  return new URLSearchParams(url.slice(url.indexOf('?') + 1));
}

describe('<DebugLogPage>', () => {
  it('shows the raw request and the raw reply', async () => {
    renderPage(<DebugLogPage />, { held: ['equip.view'], routes });
    expect(await screen.findByText('AT+VER')).toBeInTheDocument();
    expect(screen.getByText('OK 1.2')).toBeInTheDocument();
  });

  it('sends its filters (state, local days as instants, SN) to the list and its pages', async () => {
    const { server } = renderPage(<DebugLogPage />, { held: ['equip.view'], routes });
    await screen.findByText('AT+VER');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search SN' }), 'DL001{enter}');
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByTitle('Failed'));
    await typeDateRange('Sent between', '2026-11-01', '2026-11-03');
    await waitFor(() =>
      expect(Object.fromEntries(lastListQuery(server.requests))).toEqual({
        page: '1',
        size: '10',
        sn: 'DL001',
        state: 'failed',
        // The picked days in the browser's zone, up to the first moment of the day after.
        from: new Date(2026, 10, 1).toISOString(),
        to: new Date(2026, 10, 4).toISOString(),
      }),
    );
    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastListQuery(server.requests).get('page')).toBe('3'));
    expect(lastListQuery(server.requests).get('sn')).toBe('DL001');
  });

  it('exports what its filters select', async () => {
    const { server } = renderPage(<DebugLogPage />, { held: ['equip.view'], routes });
    await screen.findByText('AT+VER');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search SN' }), 'DL001{enter}');
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByTitle('Timed out'));
    await typeDateRange('Sent between', '2026-11-01', '2026-11-01');
    expect(await exportAs(server.requests, 'Excel (XLSX)')).toEqual({
      kind: 'debugLog',
      sn: 'DL001',
      state: 'timedOut',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 2).toISOString(),
      format: 'xlsx',
      lan: 'en',
    });
  });

  it('hides the export without the debug log’s permission', async () => {
    renderPage(<DebugLogPage />, { held: [], routes });
    await screen.findByText('AT+VER');
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });
});
