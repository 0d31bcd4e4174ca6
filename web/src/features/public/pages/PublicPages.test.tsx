import { publicVersionTimeline } from '@solar/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../test/fake-endpoints';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The pages a visitor opens without signing in, and the heading or text each must show. */
const PAGES = [
  { path: '/agreement', shows: () => screen.findByRole('heading', { level: 1 }) },
  { path: '/agreementen', shows: () => screen.findByRole('heading', { level: 1 }) },
  { path: '/register/userAgreement', shows: () => screen.findByRole('heading', { level: 1 }) },
  { path: '/app/download', shows: () => screen.findByText('Mobile app') },
  { path: '/403', shows: () => screen.findByText(/do not have permission to open this page/) },
  {
    path: '/download-center',
    shows: () => screen.findByRole('heading', { name: 'Download centre' }),
  },
  {
    path: '/resetSuccessful',
    shows: () => screen.findByRole('heading', { name: 'Password reset' }),
  },
  { path: '/inv-realtime', shows: () => screen.findByText(/coming soon/i) },
];

describe('public pages', () => {
  it.each(PAGES)('$path opens without a session', async ({ path, shows }) => {
    renderApp({ path });
    expect(await shows()).toBeInTheDocument();
  });

  it('/firmwareLogging lists the update history without a session', async () => {
    renderApp({
      path: '/firmwareLogging',
      routes: answer(publicVersionTimeline, {
        infos: [{ version: '1.4.0', releasedAt: '2026-10-01T00:00:00.000Z', content: 'Maps' }],
        total: 1,
      }),
    });
    expect(await screen.findByRole('heading', { name: /1\.4\.0/ })).toBeInTheDocument();
  });

  it('the download centre links to the app, the update history and the API', async () => {
    renderApp({ path: '/download-center' });
    expect(await screen.findByRole('link', { name: 'Mobile app' })).toHaveAttribute(
      'href',
      '/app/download',
    );
    expect(screen.getByRole('link', { name: 'System update history' })).toHaveAttribute(
      'href',
      '/firmwareLogging',
    );
    expect(screen.getByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });
});
