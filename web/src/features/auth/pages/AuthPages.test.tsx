import { ErrorCode, issueToken, resetPassword, signup } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import { renderApp } from '../../../test/render-app';

const location = () => screen.getByTestId('location').textContent;

const ui = {
  email: () => screen.findByLabelText('E-mail'),
  code: () => screen.getByLabelText('Verification code'),
  newPassword: () => screen.getByLabelText('New password'),
  confirmPassword: () => screen.getByLabelText('Confirm password'),
};

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

describe('<RegisterPage>', () => {
  it('asks for the agreement before sending anything', async () => {
    const { server } = renderApp({ path: '/reg', routes: answer(signup, { id: 42 }) });
    await userEvent.type(await ui.email(), 'new@example.com');
    await userEvent.type(ui.code(), '123456');
    await userEvent.type(screen.getByLabelText('Nickname'), 'Newcomer');
    await userEvent.type(ui.newPassword(), 'Solar2026x');
    await userEvent.type(ui.confirmPassword(), 'Solar2026x');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('Please read and accept the user agreement'),
    ).toBeInTheDocument();
    expect(requestsTo(server.requests, signup)).toHaveLength(0);
  });
});

describe('<ForgotPasswordPage>', () => {
  it('resets the password and shows the confirmation page', async () => {
    const { server } = renderApp({ path: '/forget', routes: answer(resetPassword, null) });
    await userEvent.type(await ui.email(), 'owner@example.com');
    await userEvent.type(ui.code(), '123456');
    await userEvent.type(ui.newPassword(), 'Solar2026x');
    await userEvent.type(ui.confirmPassword(), 'Solar2026x');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(location()).toBe('/resetSuccessful'));
    expect(requestsTo(server.requests, resetPassword)[0]?.body).toContain('owner%40example.com');
  });
});
