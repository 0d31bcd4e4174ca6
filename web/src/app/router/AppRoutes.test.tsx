import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure } from '@testing-library/react';
import { renderApp } from '../../test/render-app';

const location = () => screen.getByTestId('location').textContent;
const COMPANY_INFO_ONLY = ['company.management', 'company.info'];
const FORBIDDEN_TEXT = 'Sorry, you do not have permission to open this page.';

// Lazy chunks load slowly when every test file runs at once.
beforeAll(() => configure({ asyncUtilTimeout: 8000 }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('guards', () => {
  it('sends a visitor from a signed-in page to /login', async () => {
    renderApp({ path: '/enterprise/company' });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('lets a visitor open public pages', async () => {
    renderApp({ path: '/reg' });
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(location()).toBe('/reg');
  });

  it('shows the hidden 404 page for unknown paths', async () => {
    renderApp({ path: '/no/such/page' });
    expect(
      await screen.findByText('Sorry, the page you opened does not exist.'),
    ).toBeInTheDocument();
  });

  it('sends a signed-in user from /login to / and on to their first page', async () => {
    const { server } = renderApp({ path: '/login', held: COMPANY_INFO_ONLY });
    await waitFor(() => expect(location()).toBe('/enterprise/company'));
    const permissionCall = server.requests.find((r) => r.url.startsWith('/api/v1/permission'));
    expect(permissionCall?.url).toContain('lan=en');
    expect(permissionCall?.headers['X-Source']).toBe('web');
    expect(permissionCall?.headers.Authorization).toBe('Bearer token');
  });

  it('sends a signed-in user to 403 on a page their permissions leave out', async () => {
    renderApp({ path: '/enterprise/roles', held: COMPANY_INFO_ONLY });
    await waitFor(() => expect(location()).toBe('/403'));
  });

  it('answers 403 inside the shell, before any form, on a hidden page the user may not use', async () => {
    renderApp({ path: '/plant-add', held: ['station.view'] });
    await waitFor(() => expect(location()).toBe('/403'));
    expect(await screen.findByText(FORBIDDEN_TEXT)).toBeInTheDocument();
    expect(document.querySelector('.side-menu')).not.toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('keeps the shell around the 404 page of a signed-in user', async () => {
    renderApp({ path: '/no/such/page', held: ['station.view'] });
    expect(
      await screen.findByText('Sorry, the page you opened does not exist.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.side-menu')).not.toBeNull());
  });

  it('sets the page title from the route', async () => {
    renderApp({ path: '/forget' });
    await waitFor(() => expect(document.title).toBe('Forgot password - Solar portal'));
  });
});

describe('menu', () => {
  it('lists only what the permissions allow, and no hidden routes', async () => {
    renderApp({ path: '/enterprise/company', held: COMPANY_INFO_ONLY });
    await waitFor(() => expect(document.querySelector('.side-menu')).not.toBeNull());
    const menu = document.querySelector<HTMLElement>('.side-menu') as HTMLElement;
    await waitFor(() => expect(within(menu).getByText('Company')).toBeInTheDocument());
    expect(within(menu).queryByText('Plants')).toBeNull();
    expect(within(menu).queryByText('Customers')).toBeNull();
    expect(within(menu).queryByText('Roles')).toBeNull();
    expect(within(menu).queryByText('System update history')).toBeNull();
  });

  it('shows the permission message when the permission menu fails', async () => {
    renderApp({
      path: '/enterprise/company',
      held: COMPANY_INFO_ONLY,
      routes: { 'GET /api/v1/permission': () => ({ body: { code: 2, msg: 'no', data: null } }) },
    });
    expect(
      await screen.findAllByText('The permission menu could not be loaded, please reload'),
    ).not.toHaveLength(0);
  });
});
