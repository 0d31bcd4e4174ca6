import { ErrorCode, publicFullscreen } from '@solar/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import { renderApp } from '../../../test/render-app';
import { fleet } from '../../dashboard/portfolio.fixtures';

describe('<SharedFullscreenPage>', () => {
  it("shows the link's display and until when the link holds, without a session", async () => {
    const { server } = renderApp({
      path: '/fullscreen/shared?token=good',
      routes: answer(publicFullscreen, {
        ...fleet,
        plantName: 'Napa Winery',
        expiresAt: '2030-01-08T08:00:00.000Z',
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Napa Winery' })).toBeInTheDocument();
    expect(screen.getByText(/Link valid until Jan 8, 2030, \d+:00\s[AP]M \S+/)).toBeInTheDocument();
    expect(requestsTo(server.requests, publicFullscreen)[0]!.url).toContain('token=good');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('/fullscreen/shared shows only "expired, revoked or invalid" for a refused token', async () => {
    renderApp({
      path: '/fullscreen/shared?token=revoked',
      routes: refuse(publicFullscreen, ErrorCode.shareLinkInvalid),
    });
    expect(
      await screen.findByText('This link has expired, was revoked or is invalid'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('wall-screen')).not.toBeInTheDocument();
  });
});
