import { ErrorCode, type CompanyRole, type PermissionNode } from '@solar/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { QueryProvider } from '../../../shared/api/QueryProvider';
import { storeUser } from '../../../shared/storage/storage';
import { business, installFakeServer, ok, type FakeHandler } from '../../../test/fake-server';
import { RoleFormModal } from './RoleFormModal';

const rolesOnlyTree: PermissionNode[] = [
  {
    type: 0,
    permission: 'company.management',
    children: [
      {
        type: 0,
        permission: 'company.role.list.view',
        children: [{ type: 1, permission: 'company.role.create', children: [] }],
      },
    ],
  },
];

const viewers: CompanyRole = {
  id: 4,
  companyId: 1,
  name: 'Viewers',
  remark: null,
  permissions: ['station.view'],
  memberCount: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
};

function renderRoleForm(role: CompanyRole | undefined, checkAnswer: FakeHandler = () => ok(null)) {
  storeUser({ access_token: 'token', refresh_token: 'refresh' });
  const server = installFakeServer({
    'GET /api/v1/permission/customer': () => ok(rolesOnlyTree),
    'GET /api/v1/company/role/check': checkAnswer,
  });
  render(
    <AppProviders>
      <QueryProvider>
        <RoleFormModal open role={role} onClose={vi.fn()} />
      </QueryProvider>
    </AppProviders>,
  );
  return { server };
}

const checkCalls = (server: ReturnType<typeof renderRoleForm>['server']) =>
  server.requests.filter((request) => request.url.startsWith('/api/v1/company/role/check'));

describe('<RoleFormModal>', () => {
  it('offers the company permissions the server lists', async () => {
    renderRoleForm(undefined);
    expect(await screen.findByText('· Add roles')).toBeInTheDocument();
    expect(screen.getByText('Roles')).toBeInTheDocument();
    expect(screen.queryByText('Plants')).toBeNull();
  });

  it('shows a taken name under the field when it loses focus, before Save', async () => {
    const { server } = renderRoleForm(undefined, () => business(ErrorCode.roleExists));
    await userEvent.type(screen.getByLabelText('Role name'), 'Viewers');
    await userEvent.tab();
    expect(await screen.findByText('A role with this name exists')).toBeInTheDocument();
    expect(checkCalls(server)[0]?.url).toContain('name=Viewers');
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('leaves the edited role out of the check and accepts a free name', async () => {
    const { server } = renderRoleForm(viewers);
    const name = screen.getByLabelText('Role name');
    await userEvent.type(name, ' team');
    await userEvent.tab();
    await waitFor(() => expect(checkCalls(server)).toHaveLength(1));
    expect(checkCalls(server)[0]?.url).toContain('id=4');
    expect(screen.queryByText('A role with this name exists')).toBeNull();
  });
});
