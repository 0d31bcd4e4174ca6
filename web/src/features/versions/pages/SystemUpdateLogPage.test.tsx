import { versionTimeline } from '@solar/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import SystemUpdateLogPage from './SystemUpdateLogPage';

describe('<SystemUpdateLogPage>', () => {
  it('lists the released versions, newest first', async () => {
    renderPage(<SystemUpdateLogPage />, {
      routes: answer(versionTimeline, {
        infos: [
          { version: '1.5.0', releasedAt: '2026-11-01T00:00:00.000Z', content: 'Devices' },
          { version: '1.4.0', releasedAt: '2026-10-01T00:00:00.000Z', content: 'Maps' },
        ],
        total: 2,
      }),
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
});
