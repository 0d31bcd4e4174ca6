import { prunePermissionTree, type UserProfile } from '@solar/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/router/AppRoutes';
import { storeUser } from '../shared/storage/storage';
import { installFakeServer, ok, type FakeHandler } from './fake-server';

let navigateInApp: NavigateFunction | undefined;

function LocationProbe(): ReactNode {
  navigateInApp = useNavigate();
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The path the app shows now, after its own redirects. */
export const currentPath = (): string | null => screen.getByTestId('location').textContent;

/** Follows an in-app link the way a page's own navigation would. */
export async function navigateTo(path: string): Promise<void> {
  await act(async () => {
    await navigateInApp?.(path);
  });
}

export const profileFor = (nickname: string): UserProfile => ({
  userid: {
    id: 7,
    nickname,
    avatar: null,
    email: 'u@example.com',
    phone: null,
    smsPhone: null,
    smsPhoneVerified: false,
    smsOptIn: false,
    kind: 'staff',
  },
  company: {
    id: 1,
    name: 'Demo Solar Installers',
    logoUrl: null,
    iconUrl: null,
    themeColor: '#E85C0B',
  },
  readOnly: false,
  mustEnrolSecondFactor: false,
  roleId: null,
  themeColor: '#E85C0B',
  styleType: 0,
});

/** The whole app at `path`, against a fake server that grants `held`. */
export function renderApp(options: {
  path: string;
  held?: string[];
  routes?: Record<string, FakeHandler>;
}) {
  if (options.held) storeUser({ access_token: 'token', refresh_token: 'refresh' });
  const server = installFakeServer({
    'GET /api/v1/permission': () => ok(prunePermissionTree(new Set(options.held ?? []))),
    'GET /api/v1/user': () => ok(profileFor('Vera Viewer')),
    'GET /api/v1/notice/view': () => ok(null),
    'GET /api/v1/version/latest': () => ok(null),
    'GET /api/v1/company': () =>
      ok({
        id: 1,
        name: 'Demo Solar Installers',
        address: null,
        phone: null,
        logoUrl: null,
        iconUrl: null,
        themeColor: null,
      }),
    ...options.routes,
  });
  const view = render(
    <AppProviders>
      <MemoryRouter initialEntries={[options.path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, server };
}

/**
 * The "hidden without permission" case of a page whose only guard is its route: a user holding
 * `held` who opens `path` is sent to 403.
 */
export async function expectForbidden(path: string, held: string[]): Promise<void> {
  renderApp({ path, held });
  await waitFor(() => expect(currentPath()).toBe('/403'));
}
