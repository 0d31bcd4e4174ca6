import { checkRoleName, getCompany, listRoles } from '@solar/contract';
import { errorMessage } from '@solar/contract/error-messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { browserNavigation } from '../session/navigation';
import { readStoredUser, storeUser } from '../storage/storage';
import { business, installFakeServer, ok } from '../../test/fake-server';
import { ApiError } from './api-error';
import { apiCall } from './client';

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

  it('answers concurrent 401s with exactly one refresh and replays every request', async () => {
    const server = installFakeServer({
      'GET /api/v1/company': acceptsOnly('new'),
      'POST /oauth/token': async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return ok(freshToken);
      },
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

  it('clears storage and goes to /login when the refresh fails', async () => {
    localStorage.setItem('userInfo', '{"id":1}');
    localStorage.setItem('lang', 'en');
    installFakeServer({
      'GET /api/v1/company': acceptsOnly('new'),
      'POST /oauth/token': () => ({ status: 401, body: { code: 401, msg: 'expired', data: null } }),
    });
    await expect(apiCall(getCompany)).rejects.toBeInstanceOf(ApiError);
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
    expect(screen.queryByText(errorMessage(801, 'en'))).toBeNull();
  });

  it('tolerates codes the call adds itself', async () => {
    installFakeServer({ 'GET /api/v1/company': () => business(2) });
    await expect(apiCall(getCompany, { tolerated: [2] })).rejects.toMatchObject({ code: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(errorMessage(2, 'en'))).toBeNull();
  });

  it('toasts other codes in the current language', async () => {
    installFakeServer({ 'GET /api/v1/company/roles': () => business(2) });
    await expect(apiCall(listRoles, { query: { page: 1, size: 10 } })).rejects.toMatchObject({
      code: 2,
    });
    expect(await screen.findByText(errorMessage(2, 'en'))).toBeInTheDocument();
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

  it('opens the network exception dialog on HTTP 500', async () => {
    installFakeServer({ 'GET /api/v1/company': () => ({ status: 500, body: {} }) });
    render(<AppProviders>{null}</AppProviders>);
    await expect(apiCall(getCompany)).rejects.toBeInstanceOf(ApiError);
    // The dialog's code loads on first use; the first import under jsdom can take a while.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Network exception, please try again later');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('encodes bodies as forms by default and as JSON when the contract says so', async () => {
    const server = installFakeServer({
      'POST /oauth/token': () => ok(freshToken),
      'POST /api/v1/company/role': () => ok({ id: 1 }),
    });
    const { issueToken, createRole } = await import('@solar/contract');
    await apiCall(issueToken, {
      body: { grant_type: 'password', username: 'a@b.co', password: 'x' },
    });
    await apiCall(createRole, { body: { name: 'Ops', permissions: ['station.view'] } });
    expect(server.requests[0]?.headers['Content-Type']).toContain(
      'application/x-www-form-urlencoded',
    );
    expect(server.requests[0]?.body).toBe('grant_type=password&username=a%40b.co&password=x');
    expect(server.requests[1]?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(server.requests[1]?.body ?? '{}')).toEqual({
      name: 'Ops',
      permissions: ['station.view'],
    });
  });
});

describe('loading flag', () => {
  it('closes 200 ms after the response', async () => {
    const { isLoading } = await import('./loading');
    installFakeServer({ 'GET /api/v1/company': () => ok(company) });
    storeUser({ access_token: 'old', refresh_token: 'r1' });
    const call = apiCall(getCompany, { loading: true });
    expect(isLoading()).toBe(true);
    await call;
    expect(isLoading()).toBe(true);
    await waitFor(() => expect(isLoading()).toBe(false), { timeout: 500 });
    vi.unstubAllGlobals();
  });
});
