import { checkAccount, checkCode, ErrorCode, resetPassword } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import { currentPath, renderApp } from '../../../test/render-app';
import { authFields as ui } from '../../auth/auth-fields.fixtures';

// The page is a lazy chunk: load it once before the first test waits for its fields.
beforeAll(() => import('./ForgotPasswordPage'), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<ForgotPasswordPage>', () => {
  it('resets the password and shows the confirmation page', async () => {
    const { server } = renderApp({
      path: '/forget',
      routes: {
        ...refuse(checkAccount, ErrorCode.accountRegistered),
        ...answer(checkCode, null),
        ...answer(resetPassword, null),
      },
    });
    await userEvent.type(await ui.email(), 'owner@example.com');
    await userEvent.type(ui.code(), '123456');
    await userEvent.type(ui.newPassword(), 'Solar2026x');
    await userEvent.type(ui.confirmPassword(), 'Solar2026x');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(currentPath()).toBe('/resetSuccessful'));
    expect(requestsTo(server.requests, resetPassword)[0]?.body).toContain('owner%40example.com');
  });

  it('says at once that no account has the e-mail', async () => {
    renderApp({ path: '/forget', routes: refuse(checkAccount, ErrorCode.accountNotRegistered) });
    await userEvent.type(await ui.email(), 'nobody@example.com');
    await userEvent.tab();
    expect(await screen.findByText('This account is not registered')).toBeInTheDocument();
  });
});
