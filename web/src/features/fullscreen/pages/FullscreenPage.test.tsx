import {
  createFullscreenLink,
  fullscreenDisplay,
  fullscreenLinks,
  type Permission,
  portfolio,
} from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { fleet } from '../../dashboard/portfolio.fixtures';
import FullscreenPage from './FullscreenPage';

const link = {
  id: 3,
  plantId: 2,
  plantName: 'Napa Winery',
  createdAt: '2030-01-01T08:00:00.000Z',
  expiresAt: '2030-01-08T08:00:00.000Z',
  revokedAt: null,
};

function renderFullscreen(held: Permission[]) {
  return renderPage(<FullscreenPage />, {
    held,
    routes: {
      ...answer(portfolio, fleet),
      ...answer(fullscreenDisplay, (request) => ({
        ...fleet,
        plantName: request.url.includes('plantId=2') ? 'Napa Winery' : null,
      })),
      ...answer(fullscreenLinks, []),
      ...answer(createFullscreenLink, {
        ...link,
        token: 't0k3n',
        path: '/fullscreen/shared?token=t0k3n',
      }),
    },
  });
}

describe('<FullscreenPage>', () => {
  it("shows one plant's wall screen and makes a week-long link to it", async () => {
    const { server } = renderFullscreen(['station.view', 'station.fullscreen']);
    expect(await screen.findByRole('heading', { name: 'All plants' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Display' }));
    await userEvent.click(await screen.findByTitle('Napa Winery'));
    expect(await screen.findByRole('heading', { name: 'Napa Winery' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(requestsTo(server.requests, createFullscreenLink)).toHaveLength(1));
    const [request] = requestsTo(server.requests, createFullscreenLink);
    expect(JSON.parse(request!.body!)).toEqual({ plantId: 2, validHours: 168 });
    expect(await screen.findByTestId('screen-link-url')).toHaveTextContent(
      '/fullscreen/shared?token=t0k3n',
    );
  });

  it('hides the screen links without station.fullscreen', async () => {
    const { server } = renderFullscreen(['station.view']);
    expect(await screen.findByRole('heading', { name: 'All plants' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create link' })).toBeNull();
    expect(requestsTo(server.requests, fullscreenLinks)).toHaveLength(0);
  });
});
