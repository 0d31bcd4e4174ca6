import {
  checkRoleName,
  createRole,
  getCompany,
  getPersonalization,
  issueToken,
  listRoles,
  uploadCompanyLogo,
} from '@solar/contract';
import { errorText } from '../i18n/error-text';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { chooseCompany } from '../session/company-context';
import { browserNavigation } from '../session/navigation';
import { readStoredUser, storeUser } from '../storage/storage';
import { business, installFakeServer, ok, type FakeHandler } from '../../test/fake-server';
import { ApiError, TRANSPORT_FAILURE } from './api-error';
import { apiCall } from './client';
import { isLoading } from './loading';

const company = {
  id: 1,
  name: 'Acme',
  address: null,
  phone: null,
  logoUrl: null,
  iconUrl: null,
  themeColor: null,
};
const freshToken = {
  access_token: 'new',
  refresh_token: 'r2',
  token_type: 'bearer',
  expires_in: 900,
};

function acceptsOnly(token: string) {
  return (request: { headers: Record<string, string> }) =>
    request.headers.Authorization === `Bearer ${token}`
      ? ok(company)
      : { status: 401, body: { code: 401, msg: 'token', data: null } };
}

function afterDelay(handler: FakeHandler): FakeHandler {
  return async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return handler(request);
  };
}

const networkError: FakeHandler = () => {
  throw new TypeError('Failed to fetch');
};

async function expectNetworkDialog(): Promise<void> {
  // The dialog's code loads on first use; the first import under jsdom can take a while.
  const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
  expect(dialog).toHaveTextContent('Network exception, please try again later');
  await userEvent.click(screen.getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('apiCall', () => {
  beforeEach(() => {
    storeUser({ access_token: 'old', refresh_token: 'r1' });
    vi.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    vi.spyOn(browserNavigation, 'goTo').mockImplementation(() => undefined);
    vi.spyOn(browserNavigation, 'currentPath').mockReturnValue('/plants');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('sends the bearer token and the source header, and resolves with data on code 0', async () => {
    const server = installFakeServer({ 'GET /api/v1/company': acceptsOnly('old') });
    await expect(apiCall(getCompany)).resolves.toEqual(company);
    expect(server.requests[0]?.headers['X-Source']).toBe('web');
  });

  it("sends the platform administrator's chosen company to company-scoped endpoints only", async () => {
    chooseCompany(7);
    const server = installFakeServer({
      'GET /api/v1/company': () => ok(company),
      'GET /api/v1/user/personalized': () => ok({ themeColor: '#1677ff', styleType: 0 }),
    });
    await apiCall(getCompany);
    await apiCall(getPersonalization);
    expect(server.requests.map((request) => request.headers['X-Company'])).toEqual([
      '7',
      undefined,
    ]);
  });

  it('answers concurrent 401s with exactly one refresh and replays every request', async () => {
    const server = installFakeServer({
      'GET /api/v1/company': acceptsOnly('new'),
      'POST /oauth/token': afterDelay(() => ok(freshToken)),
    });
    const results = await Promise.all([
      apiCall(getCompany),
      apiCall(getCompany),
      apiCall(getCompany),
    ]);
    expect(results).toEqual([company, company, company]);
    const refreshes = server.requests.filter((r) => r.url === '/oauth/token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toContain('grant_type=refresh_token');
    expect(refreshes[0]?.body).toContain('refresh_token=r1');
    expect(readStoredUser()?.access_token).toBe('new');
  });

  it.each([
    ['HTTP 401', { status: 401, body: { code: 401, msg: 'expired', data: null } }],
    ['HTTP 400', { status: 400, body: { code: 2, msg: 'bad request', data: null } }],
    ['a non-zero code', business(102)],
  ])('clears storage and goes to /login when the refresh answers %s', async (_, answer) => {
    localStorage.setItem('userInfo', '{"id":1}');
    localStorage.setItem('lang', 'en');
    installFakeServer({
      'GET /api/v1/company': acceptsOnly('new'),
      'POST /oauth/token': () => answer,
    });
    await expect(apiCall(getCompany)).rejects.toMatchObject({
      code: TRANSPORT_FAILURE.unauthorized,
    });
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(browserNavigation.goTo).toHaveBeenCalledWith('/login');
  });

  it('shows no toast for a tolerated code and rejects with it', async () => {
    installFakeServer({ 'GET /api/v1/company/role/check': () => business(801) });
    const error = await apiCall(checkRoleName, { query: { name: 'Ops' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(801);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(errorText(801))).toBeNull();
  });

  it('tolerates codes the call adds itself', async () => {
    installFakeServer({ 'GET /api/v1/company': () => business(2) });
    await expect(apiCall(getCompany, { tolerated: [2] })).rejects.toMatchObject({ code: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(errorText(2))).toBeNull();
  });

  it('toasts other codes in the current language', async () => {
    installFakeServer({ 'GET /api/v1/company/roles': () => business(2) });
    await expect(apiCall(listRoles, { query: { page: 1, size: 10 } })).rejects.toMatchObject({
      code: 2,
    });
    expect(await screen.findByText(errorText(2))).toBeInTheDocument();
  });

  it('ends the session on code 102 and reloads, except on /login', async () => {
    installFakeServer({ 'GET /api/v1/company': () => business(102) });
    await expect(apiCall(getCompany)).rejects.toMatchObject({ code: 102 });
    expect(readStoredUser()).toBeNull();
    expect(browserNavigation.reload).toHaveBeenCalledTimes(1);

    storeUser({ access_token: 'old', refresh_token: 'r1' });
    vi.mocked(browserNavigation.currentPath).mockReturnValue('/login');
    await expect(apiCall(getCompany)).rejects.toMatchObject({ code: 102 });
    expect(readStoredUser()).not.toBeNull();
    expect(browserNavigation.reload).toHaveBeenCalledTimes(1);
  });

  it('encodes bodies as forms by default', async () => {
    const server = installFakeServer({ 'POST /oauth/token': () => ok(freshToken) });
    await apiCall(issueToken, {
      body: { grant_type: 'password', username: 'a@b.co', password: 'x' },
    });
    expect(server.requests[0]?.headers['Content-Type']).toContain(
      'application/x-www-form-urlencoded',
    );
    expect(server.requests[0]?.body).toBe('grant_type=password&username=a%40b.co&password=x');
  });

  it('encodes bodies as JSON when the endpoint asks for JSON', async () => {
    const server = installFakeServer({ 'POST /api/v1/company/role': () => ok({ id: 1 }) });
    await apiCall(createRole, { body: { name: 'Ops', permissions: ['station.view'] } });
    expect(server.requests[0]?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]?.body ?? '{}')).toEqual({
      name: 'Ops',
      permissions: ['station.view'],
    });
  });

  it('passes FormData through untouched and leaves its Content-Type to the browser', async () => {
    const server = installFakeServer({
      'POST /api/v1/company/logo': () => ok({ url: '/uploads/logo.png' }),
    });
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'logo.png');
    await apiCall(uploadCompanyLogo, { body: form });
    // The browser adds the multipart boundary itself; a preset Content-Type would lose it.
    expect(server.requests[0]?.headers).not.toHaveProperty('Content-Type');
    expect(server.fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
  });
});

describe('network failures', () => {
  beforeEach(() => {
    storeUser({ access_token: 'old', refresh_token: 'r1' });
    vi.spyOn(browserNavigation, 'goTo').mockImplementation(() => undefined);
    vi.spyOn(browserNavigation, 'currentPath').mockReturnValue('/plants');
    // Fake, but running, clocks: afterEach can then let the one-dialog-at-a-time guard lapse.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<AppProviders>{null}</AppProviders>);
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('opens the network exception dialog on HTTP 500', async () => {
    installFakeServer({ 'GET /api/v1/company': () => ({ status: 500, body: {} }) });
    await expect(apiCall(getCompany)).rejects.toMatchObject({ code: TRANSPORT_FAILURE.network });
    await expectNetworkDialog();
  });

  it('opens the network exception dialog when the request cannot reach the server', async () => {
    installFakeServer({ 'GET /api/v1/company': networkError });
    await expect(apiCall(getCompany)).rejects.toMatchObject({ code: TRANSPORT_FAILURE.network });
    await expectNetworkDialog();
  });

  it.each([
    ['a network error', networkError],
    ['HTTP 503', () => ({ status: 503, body: {} })],
  ] satisfies [string, FakeHandler][])(
    'keeps the session when the refresh meets %s, and fails the waiting requests',
    async (_, refreshAnswer) => {
      const server = installFakeServer({
        'GET /api/v1/company': acceptsOnly('new'),
        'POST /oauth/token': afterDelay(refreshAnswer),
      });
      const results = await Promise.allSettled([apiCall(getCompany), apiCall(getCompany)]);
      expect(results).toEqual([
        {
          status: 'rejected',
          reason: expect.objectContaining({ code: TRANSPORT_FAILURE.network }),
        },
        {
          status: 'rejected',
          reason: expect.objectContaining({ code: TRANSPORT_FAILURE.network }),
        },
      ]);
      expect(server.requests.filter((r) => r.url === '/oauth/token')).toHaveLength(1);
      expect(readStoredUser()).toEqual({ access_token: 'old', refresh_token: 'r1' });
      expect(browserNavigation.goTo).not.toHaveBeenCalled();
      await expectNetworkDialog();
    },
  );
});

describe('loading flag', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    storeUser({ access_token: 'old', refresh_token: 'r1' });
    installFakeServer({ 'GET /api/v1/company': () => ok(company) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('closes 200 ms after the response', async () => {
    const call = apiCall(getCompany, { loading: true });
    expect(isLoading()).toBe(true);
    await call;
    vi.advanceTimersByTime(199);
    expect(isLoading()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isLoading()).toBe(false);
  });
});
