import { createExport, versionTimeline } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { typeDateRange } from '../../../test/date-range';
import { exportAs } from '../../../test/export-menu';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import type { FakeRequest } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import SystemUpdateLogPage from './SystemUpdateLogPage';

const RELEASES = [
  { version: '1.5.0', releasedAt: '2026-11-01T00:00:00.000Z', content: 'Devices' },
  { version: '1.4.0', releasedAt: '2026-10-01T00:00:00.000Z', content: 'Maps' },
];

/** The query of the page's last timeline request. */
function lastTimelineQuery(requests: readonly FakeRequest[]) {
  const url = requestsTo(requests, versionTimeline).at(-1)?.url ?? '';
  return Object.fromEntries(new URLSearchParams(url.slice(url.indexOf('?') + 1)));
}

describe('<SystemUpdateLogPage>', () => {
  it('lists the released versions, newest first', async () => {
    renderPage(<SystemUpdateLogPage />, {
      routes: answer(versionTimeline, { infos: RELEASES, total: 2 }),
    });
    const versions = await screen.findAllByRole('heading', { name: /1\.\d\.0/ });
    expect(versions.map((heading) => heading.textContent)).toEqual([
      expect.stringContaining('1.5.0'),
      expect.stringContaining('1.4.0'),
    ]);
  });

  it('says so when nothing was released yet', async () => {
    renderPage(<SystemUpdateLogPage />, {
      routes: answer(versionTimeline, { infos: [], total: 0 }),
    });
    expect(await screen.findByText('No updates yet')).toBeInTheDocument();
  });

  it('sends the version search and the release days, and pages through the result', async () => {
    const { server } = renderPage(<SystemUpdateLogPage />, {
      // Two shown of 25 found: three pages of ten.
      routes: answer(versionTimeline, { infos: RELEASES, total: 25 }),
    });
    await screen.findByText('Devices');
    expect(lastTimelineQuery(server.requests)).toEqual({ lan: 'en', page: '1', size: '10' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search version' }), '1.4{enter}');
    await typeDateRange('Released', '2026-10-01', '2026-10-31');
    await waitFor(() =>
      expect(lastTimelineQuery(server.requests)).toEqual({
        lan: 'en',
        page: '1',
        size: '10',
        version: '1.4',
        // The picked days in the browser's zone, up to the first moment of the day after.
        from: new Date(2026, 9, 1).toISOString(),
        to: new Date(2026, 10, 1).toISOString(),
      }),
    );
    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() =>
      expect(lastTimelineQuery(server.requests)).toMatchObject({ page: '3', version: '1.4' }),
    );
  });

  it('says nothing matches, not that nothing was released, when filters find nothing', async () => {
    renderPage(<SystemUpdateLogPage />, {
      routes: answer(versionTimeline, (request) =>
        request.url.includes('version=') ? { infos: [], total: 0 } : { infos: RELEASES, total: 2 },
      ),
    });
    await screen.findByText('Devices');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search version' }), '9.9{enter}');
    // antd's own empty text (its picture's title says it too).
    expect(await screen.findByText('No data', { selector: 'div' })).toBeInTheDocument();
    expect(screen.queryByText('No updates yet')).toBeNull();
  });

  it('exports what its filters select, for any signed-in user', async () => {
    const { server } = renderPage(<SystemUpdateLogPage />, {
      held: [],
      routes: {
        ...answer(versionTimeline, { infos: RELEASES, total: 2 }),
        ...answer(createExport, { id: 5 }),
      },
    });
    await screen.findByText('Devices');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search version' }), '1.5{enter}');
    await typeDateRange('Released', '2026-11-01', '2026-11-02');
    expect(await exportAs(server.requests, 'CSV')).toEqual({
      kind: 'versionLog',
      version: '1.5',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 3).toISOString(),
      format: 'csv',
      lan: 'en',
    });
  });
});
