import { ErrorCode, issueToken } from '@solar/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refuse, requestsTo } from '../../../test/fake-endpoints';
import { renderApp } from '../../../test/render-app';
import { authFields as ui } from '../auth-fields.fixtures';

// The page is a lazy chunk: load it once before the first test waits for its fields.
beforeAll(() => import('./LoginPage'), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<LoginPage>', () => {
  it('says so when the account or password is wrong', async () => {
    const { server } = renderApp({
      path: '/login',
      routes: refuse(issueToken, ErrorCode.wrongCredentials),
    });
    await userEvent.type(await ui.email(), 'someone@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Wrong2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong account or password');
    expect(requestsTo(server.requests, issueToken)).toHaveLength(1);
  });

  it('sends nothing while the fields are empty', async () => {
    const { server } = renderApp({ path: '/login' });
    await ui.email();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText(/required|valid e-mail/i)).not.toHaveLength(0);
    expect(requestsTo(server.requests, issueToken)).toHaveLength(0);
  });
});
