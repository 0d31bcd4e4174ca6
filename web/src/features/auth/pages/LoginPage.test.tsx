import { ErrorCode, issueToken } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refuse, requestsTo } from '../../../test/fake-endpoints';
import { business, ok, type FakeRequest } from '../../../test/fake-server';
import { currentPath, renderApp } from '../../../test/render-app';
import { authFields as ui } from '../auth-fields.fixtures';

// The page is a lazy chunk: load it once before the first test waits for its fields.
beforeAll(() => import('./LoginPage'), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

const token = { access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 900 };

const formBody = (request: FakeRequest): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(request.body ?? ''));

/** The password grant of an account with an authenticator: 110 without a code, 111 for a wrong one. */
function grantWithSecondFactor(rightProof: Record<string, string>) {
  return {
    [`${issueToken.method} ${issueToken.path}`]: (request: FakeRequest) => {
      const body = formBody(request);
      if (body.otp === undefined && body.recovery_code === undefined) {
        return business(ErrorCode.secondFactorRequired);
      }
      const right = Object.entries(rightProof).every(([name, value]) => body[name] === value);
      return right ? ok(token) : business(ErrorCode.secondFactorWrong);
    },
  };
}

async function signInWithPassword(): Promise<void> {
  await userEvent.type(await ui.email(), 'someone@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Right2026');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

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

  it('asks for the authenticator code after the password, then signs in', async () => {
    const { server } = renderApp({
      path: '/login',
      routes: grantWithSecondFactor({ otp: '123456', remember_device: 'true' }),
    });
    await signInWithPassword();
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(code, '123456');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Remember this browser for 30 days' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    const grants = requestsTo(server.requests, issueToken).map(formBody);
    expect(grants).toHaveLength(2);
    expect(grants[1]).toEqual({
      grant_type: 'password',
      username: 'someone@example.com',
      password: 'Right2026',
      otp: '123456',
      remember_device: 'true',
    });
  });

  it('shows the catalogue text under the field when the code is wrong', async () => {
    renderApp({ path: '/login', routes: grantWithSecondFactor({ otp: '123456' }) });
    await signInWithPassword();
    await userEvent.type(await screen.findByLabelText('Authentication code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong or was already used')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });

  it('signs in with a recovery code instead of the app', async () => {
    const { server } = renderApp({
      path: '/login',
      routes: grantWithSecondFactor({ recovery_code: 'abcd-efgh' }),
    });
    await signInWithPassword();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Use a recovery code instead' }),
    );
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcd-efgh');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    const last = requestsTo(server.requests, issueToken).map(formBody).at(-1);
    expect(last).toMatchObject({ password: 'Right2026', recovery_code: 'abcd-efgh' });
    expect(last).not.toHaveProperty('otp');
    expect(last).not.toHaveProperty('remember_device');
  });

  describe('with a passkey', () => {
    const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] };
    const bytes = (text: string) => new TextEncoder().encode(text).buffer;
    const grantWithPasskey = {
      [`${issueToken.method} ${issueToken.path}`]: (request: FakeRequest) =>
        formBody(request).webauthn === undefined
          ? {
              body: {
                code: ErrorCode.secondFactorRequired,
                msg: '',
                data: { totp: false, passkey: options },
              },
            }
          : ok(token),
    };

    it('offers only the passkey when the account has no authenticator app, and signs in with it', async () => {
      vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
      const get = vi.fn().mockResolvedValue({
        id: 'Y3JlZA',
        rawId: bytes('cred'),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: bytes('{}'),
          authenticatorData: bytes('data'),
          signature: bytes('sig'),
          userHandle: null,
        },
        getClientExtensionResults: () => ({}),
      });
      vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { credentials: { get } }));
      const { server } = renderApp({ path: '/login', routes: grantWithPasskey });
      await signInWithPassword();
      await userEvent.click(await screen.findByRole('button', { name: /Use a passkey/ }));
      expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
      await waitFor(() => expect(currentPath()).toBe('/'));
      const last = requestsTo(server.requests, issueToken).map(formBody).at(-1);
      expect(JSON.parse(last?.webauthn ?? '{}')).toMatchObject({
        id: 'Y3JlZA',
        type: 'public-key',
      });
    });

    it('says so when the browser gives no passkey answer', async () => {
      renderApp({ path: '/login', routes: grantWithPasskey });
      await signInWithPassword();
      await userEvent.click(await screen.findByRole('button', { name: /Use a passkey/ }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The passkey was not used');
      expect(currentPath()).toBe('/login');
    });
  });
});
