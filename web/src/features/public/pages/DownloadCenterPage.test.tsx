import { downloadCenterFiles } from '@solar/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../test/fake-endpoints';
import { renderApp } from '../../../test/render-app';
import { downloadFile } from '../../download-center/download-file.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<DownloadCenterPage>', () => {
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
});
