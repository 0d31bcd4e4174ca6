import {
  downloadCenterFiles,
  ErrorCode,
  publicFullscreen,
  publicRealtime,
  publicVersionTimeline,
} from '@solar/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, refuse } from '../../../test/fake-endpoints';
import { renderApp } from '../../../test/render-app';
import { downloadFile } from '../../download-center/download-file.fixtures';

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
  { path: '/inv-realtime', shows: () => screen.findByText('This link has expired or is invalid') },
];

describe('public pages', () => {
  it.each(PAGES)('$path opens without a session', async ({ path, shows }) => {
    renderApp({ path });
    expect(await shows()).toBeInTheDocument();
  });

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
    expect(screen.getByText('-1200')).toBeInTheDocument();
  });

  it('/inv-realtime shows only "expired or invalid" for a refused token', async () => {
    renderApp({
      path: '/inv-realtime?token=forged',
      routes: refuse(publicRealtime, ErrorCode.shareLinkInvalid),
    });
    expect(await screen.findByText('This link has expired or is invalid')).toBeInTheDocument();
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

  it('the download centre lists published files as download links', async () => {
    renderApp({
      path: '/download-center',
      routes: answer(downloadCenterFiles, {
        infos: [downloadFile()],
        total: 1,
      }),
    });
    expect(await screen.findByRole('link', { name: 'Inverter manual' })).toHaveAttribute(
      'href',
      '/anonymous/download-center/7/file',
    );
    expect(screen.getByText('All languages')).toBeInTheDocument();
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
