import {
  deleteRole,
  getProfile,
  listRoles,
  type CompanyRole,
  type Permission,
} from '@solar/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describeCompanyPage, type CompanyPage } from '../../../test/company-context';
import { confirmAndExpectSent } from '../../../test/expect-sent';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import type { FakeHandler } from '../../../test/fake-server';
import { profileFor } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import RolesPage from './RolesPage';

const ROLE_MANAGER: Permission[] = [
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

const ui = {
  add: () => screen.queryByRole('button', { name: /Add role/ }),
  edit: () => screen.queryAllByRole('button', { name: 'Edit' })[0] ?? null,
  delete: () => screen.queryAllByRole('button', { name: 'Delete' })[0] ?? null,
  row: async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement,
};

function renderRoles(
  roles: CompanyRole[],
  options: {
    held?: readonly Permission[];
    ownRoleId?: number;
    routes?: Record<string, FakeHandler>;
  } = {},
) {
  return renderPage(<RolesPage />, {
    held: options.held ?? ROLE_MANAGER,
    path: '/enterprise/roles',
    routes: {
      ...answer(listRoles, { infos: roles, total: roles.length }),
      ...answer(getProfile, { ...profileFor('Sam Staff'), roleId: options.ownRoleId ?? null }),
      ...answer(deleteRole, null),
      ...options.routes,
    },
  });
}

const page: CompanyPage = {
  held: ROLE_MANAGER,
  render: (held, routes) => renderRoles([role(2, 'Viewers')], { held, routes }),
  list: listRoles,
  shown: () => ui.row('Viewers'),
};

describe('<RolesPage>', () => {
  it('lets a company below five roles add one', async () => {
    renderRoles([role(1, 'Managers')]);
    await screen.findByText('Managers');
    expect(ui.add()).toBeEnabled();
  });

  it('disables "add role" with the reason when the company has five roles', async () => {
    renderRoles([1, 2, 3, 4, 5].map((id) => role(id, `Role ${id}`)));
    await screen.findByText('Role 5');
    const add = ui.add() as HTMLElement;
    expect(add).toBeDisabled();
    // Browsers send pointer events to disabled buttons; user-event does not.
    fireEvent.pointerEnter(add);
    expect(await screen.findByText('A company can have at most 5 roles')).toBeInTheDocument();
  });

  it("offers no edit or delete on the caller's own role", async () => {
    renderRoles([role(1, 'Managers'), role(2, 'Viewers')], { ownRoleId: 1 });
    const own = await ui.row('Managers');
    expect(await within(own).findByText('Your own role, cannot be changed')).toBeInTheDocument();
    expect(within(own).queryByRole('button')).toBeNull();
    const other = await ui.row('Viewers');
    expect(within(other).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('deletes a role after confirmation and reloads the list', async () => {
    const { server } = renderRoles([role(2, 'Viewers')]);
    await ui.row('Viewers');
    await userEvent.click(ui.delete() as HTMLElement);
    await confirmAndExpectSent(server.requests, deleteRole, { id: 2 });
    await waitFor(() => expect(requestsTo(server.requests, listRoles)).toHaveLength(2));
  });

  describeCompanyPage(page, [
    { name: 'add role', permission: 'company.role.create', find: ui.add },
    { name: 'edit', permission: 'company.role.edit', find: ui.edit },
    { name: 'delete', permission: 'company.role.delete', find: ui.delete },
  ]);
});
