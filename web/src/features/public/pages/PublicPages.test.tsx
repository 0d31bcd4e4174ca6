import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  { path: '/inv-realtime', shows: () => screen.findByText('This link has expired or is invalid') },
];

describe('public pages', () => {
  it.each(PAGES)('$path opens without a session', async ({ path, shows }) => {
    renderApp({ path });
    expect(await shows()).toBeInTheDocument();
  });
});
