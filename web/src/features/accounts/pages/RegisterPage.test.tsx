import { checkAccount, checkCode, ErrorCode, signup } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import { renderApp } from '../../../test/render-app';
import { authFields as ui } from '../../auth/auth-fields.fixtures';

// The page is a lazy chunk: load it once before the first test waits for its fields.
beforeAll(() => import('./RegisterPage'), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A free e-mail and a right code, as the live checks answer them. */
const CHECKS_PASS = {
  ...refuse(checkAccount, ErrorCode.accountNotRegistered),
  ...answer(checkCode, null),
};

describe('<RegisterPage>', () => {
  it('asks for the agreement before sending anything', async () => {
    const { server } = renderApp({
      path: '/reg',
      routes: { ...CHECKS_PASS, ...answer(signup, { id: 42 }) },
    });
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

  describe('checks on leaving a field', () => {
    it('says at once that the e-mail already has an account', async () => {
      const { server } = renderApp({
        path: '/reg',
        routes: refuse(checkAccount, ErrorCode.accountRegistered),
      });
      await userEvent.type(await ui.email(), 'owner@example.com');
      await userEvent.tab();
      expect(await screen.findByText('This account is already registered')).toBeInTheDocument();
      expect(requestsTo(server.requests, checkAccount)[0]?.url).toContain(
        'email=owner%40example.com',
      );
    });

    it('says nothing for a free e-mail', async () => {
      const { server } = renderApp({ path: '/reg', routes: CHECKS_PASS });
      await userEvent.type(await ui.email(), 'new@example.com');
      await userEvent.tab();
      await waitFor(() => expect(requestsTo(server.requests, checkAccount)).toHaveLength(1));
      expect(screen.queryByText('This account is already registered')).toBeNull();
    });

    it('says at once that the code is wrong, without using it up', async () => {
      const { server } = renderApp({
        path: '/reg',
        routes: {
          ...CHECKS_PASS,
          ...refuse(checkCode, ErrorCode.verificationCodeError),
        },
      });
      await userEvent.type(await ui.email(), 'new@example.com');
      await userEvent.type(ui.code(), '123456');
      await userEvent.tab();
      expect(await screen.findByText('The verification code is wrong')).toBeInTheDocument();
      const url = requestsTo(server.requests, checkCode)[0]?.url ?? '';
      expect(url).toContain('code=123456');
      expect(url).toContain('type=signup');
      expect(requestsTo(server.requests, signup)).toHaveLength(0);
    });

    it('leaves an incomplete code to the form', async () => {
      const { server } = renderApp({ path: '/reg', routes: CHECKS_PASS });
      await userEvent.type(await ui.email(), 'new@example.com');
      await userEvent.type(ui.code(), '123');
      await userEvent.tab();
      await waitFor(() => expect(requestsTo(server.requests, checkAccount)).toHaveLength(1));
      expect(requestsTo(server.requests, checkCode)).toHaveLength(0);
    });
  });
});
