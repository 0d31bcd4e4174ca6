import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../app/AppProviders';
import { QueryProvider } from '../../shared/api/QueryProvider';
import { PermissionSetProvider } from '../../shared/permissions/PermissionContext';
import { storeUser } from '../../shared/storage/storage';
import { type FakeHandler, installFakeServer } from '../../test/fake-server';

/** One plant page or component with real providers, a fake network and the given permissions. */
export function renderPlants(
  ui: ReactNode,
  options: { held?: string[]; routes?: Record<string, FakeHandler>; path?: string } = {},
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
