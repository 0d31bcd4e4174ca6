import type { CompanyRole } from '@solar/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { QueryProvider } from '../../../shared/api/QueryProvider';
import { PermissionSetProvider } from '../../../shared/permissions/PermissionContext';
import { storeUser } from '../../../shared/storage/storage';
import { installFakeServer, ok } from '../../../test/fake-server';
import { profileFor } from '../../../test/render-app';
import RolesPage from './RolesPage';

const ROLE_MANAGER = [
  'company.management',
  'company.role.list.view',
  'company.role.create',
  'company.role.edit',
  'company.role.delete',
];

const role = (id: number, name: string): CompanyRole => ({
  id,
  companyId: 1,
  name,
  remark: null,
  permissions: [],
  memberCount: 0,
  createdAt: '2024-01-01T00:00:00.000Z',
});

function renderRoles(roles: CompanyRole[], options: { held?: string[]; ownRoleId?: number } = {}) {
  storeUser({ access_token: 'token', refresh_token: 'refresh' });
  const server = installFakeServer({
    'GET /api/v1/company/roles': () => ok({ infos: roles, total: roles.length }),
    'GET /api/v1/user': () => ok({ ...profileFor('Sam Staff'), roleId: options.ownRoleId ?? null }),
  });
  render(
    <AppProviders>
      <QueryProvider>
        <AntApp>
          <PermissionSetProvider held={new Set(options.held ?? ROLE_MANAGER)}>
            <MemoryRouter initialEntries={['/enterprise/roles']}>
              <RolesPage />
            </MemoryRouter>
          </PermissionSetProvider>
        </AntApp>
      </QueryProvider>
    </AppProviders>,
  );
  return { server };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('<RolesPage>', () => {
  it('lets a company below five roles add one', async () => {
    renderRoles([role(1, 'Managers')]);
    await screen.findByText('Managers');
    expect(screen.getByRole('button', { name: /Add role/ })).toBeEnabled();
  });

  it('disables "add role" with the reason when the company has five roles', async () => {
    renderRoles([1, 2, 3, 4, 5].map((id) => role(id, `Role ${id}`)));
    await screen.findByText('Role 5');
    const add = screen.getByRole('button', { name: /Add role/ });
    expect(add).toBeDisabled();
    // Browsers send pointer events to disabled buttons; user-event does not.
    fireEvent.pointerEnter(add);
    expect(await screen.findByText('A company can have at most 5 roles')).toBeInTheDocument();
  });

  it("offers no edit or delete on the caller's own role", async () => {
    renderRoles([role(1, 'Managers'), role(2, 'Viewers')], { ownRoleId: 1 });
    const own = await rowOf('Managers');
    expect(await within(own).findByText('Your own role, cannot be changed')).toBeInTheDocument();
    expect(within(own).queryByRole('button')).toBeNull();
    const other = await rowOf('Viewers');
    expect(within(other).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
