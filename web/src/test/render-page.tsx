import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { QueryProvider } from '../shared/api/QueryProvider';
import { PermissionSetProvider } from '../shared/permissions/PermissionContext';
import { storeUser } from '../shared/storage/storage';
import { installFakeServer, type FakeHandler } from './fake-server';

/**
 * One signed-in page (or dialog) with the app's real providers, a fake network at the fetch
 * boundary and exactly the permissions in `held`.
 */
export function renderPage(
  ui: ReactNode,
  options: { held?: readonly string[]; routes?: Record<string, FakeHandler>; path?: string } = {},
) {
  storeUser({ access_token: 'token', refresh_token: 'refresh' });
  const server = installFakeServer(options.routes ?? {});
  const view = render(
    <AppProviders>
      <QueryProvider>
        <AntApp>
          <PermissionSetProvider held={new Set(options.held ?? [])}>
            <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
          </PermissionSetProvider>
        </AntApp>
      </QueryProvider>
    </AppProviders>,
  );
  return { ...view, server };
}
