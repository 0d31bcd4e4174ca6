import { publicVersionTimeline } from '@solar/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../test/fake-endpoints';
import { renderApp } from '../../../test/render-app';

// The page is a lazy chunk: load it once before the first test waits for it.
beforeAll(() => import('./FirmwareLoggingPage'), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<FirmwareLoggingPage>', () => {
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
});
