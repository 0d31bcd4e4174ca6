import { ErrorCode, publicRealtime } from '@solar/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, refuse } from '../../../test/fake-endpoints';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<PublicRealtimePage>', () => {
  it('/epm-realtime shows the live values a valid link names', async () => {
    renderApp({
      path: '/epm-realtime?token=good',
      routes: answer(publicRealtime, {
        sn: 'EPM1',
        kind: 'epm',
        name: 'Roof EPM',
        status: 'normal',
        ts: '2030-01-03T10:00:00.000Z',
        values: { p_grid_w: -1200, export_limit_w: 3000 },
        expiresAt: '2030-01-04T10:00:00.000Z',
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Roof EPM' })).toBeInTheDocument();
    expect(screen.getByText('-1,200')).toBeInTheDocument();
  });

  it('/inv-realtime shows only "expired or invalid" for a refused token', async () => {
    renderApp({
      path: '/inv-realtime?token=forged',
      routes: refuse(publicRealtime, ErrorCode.shareLinkInvalid),
    });
    expect(await screen.findByText('This link has expired or is invalid')).toBeInTheDocument();
  });
});
