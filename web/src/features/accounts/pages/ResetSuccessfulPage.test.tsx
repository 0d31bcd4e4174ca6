import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp } from '../../../test/render-app';

// The page is a lazy chunk: load it once before the first test waits for its fields.
beforeAll(
  () => Promise.all([import('./ResetSuccessfulPage'), import('../../auth/pages/LoginPage')]),
  60_000,
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<ResetSuccessfulPage>', () => {
  it('confirms the reset and leads to the sign-in page', async () => {
    renderApp({ path: '/resetSuccessful' });
    expect(await screen.findByRole('heading', { name: 'Password reset' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });
});
