import {
  checkCompanyUserEmail,
  createCompanyUser,
  ErrorCode,
  listCompanyUsers,
  setCompanyUserEnabled,
  setCompanyUserReadOnly,
  type CompanyMember,
  type Permission,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describeCompanyPage } from '../../../test/company-context';
import { expectSentBody } from '../../../test/expect-sent';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import type { FakeHandler } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import CompanyMembersPage from './CompanyMembersPage';

const FULL: Permission[] = [
  'company.user',
  'company.user.create',
  'company.user.edit',
  'company.user.delete',
];

const member = (id: number, overrides: Partial<CompanyMember> = {}): CompanyMember => ({
  id,
  email: `m${id}@example.com`,
  nickname: `Member ${id}`,
  phone: null,
  isAdministrator: false,
  isEnabled: true,
  isReadOnly: false,
  roleId: 1,
  roleName: 'Viewers',
  companyId: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  ...overrides,
});

const ui = {
  add: () => screen.queryByRole('button', { name: /Add member/ }),
  edit: () => screen.queryAllByRole('button', { name: 'Edit' })[0] ?? null,
  delete: () => screen.queryAllByRole('button', { name: 'Delete' })[0] ?? null,
  enable: () => screen.queryAllByRole('switch', { name: 'Enabled' })[0] ?? null,
  readOnly: () => screen.queryAllByRole('switch', { name: 'Read-only' })[0] ?? null,
  row: async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement,
};

function renderMembers(
  held: readonly Permission[] = FULL,
  routes: Record<string, FakeHandler> = {},
) {
  return renderPage(<CompanyMembersPage />, {
    held,
    routes: {
      ...answer(listCompanyUsers, {
        infos: [member(1, { isAdministrator: true }), member(2, { isEnabled: false })],
        total: 2,
      }),
      ...answer(setCompanyUserEnabled, member(2)),
      ...answer(setCompanyUserReadOnly, member(2, { isReadOnly: true })),
      ...routes,
    },
  });
}

const page = { held: FULL, render: renderMembers, shown: () => ui.row('m2@example.com') };

describe('<CompanyMembersPage>', () => {
  it('offers no action on the administrator', async () => {
    renderMembers();
    const admin = await ui.row('m1@example.com');
    expect(within(admin).getByText('Administrator')).toBeInTheDocument();
    expect(within(admin).queryByRole('button')).toBeNull();
    for (const toggle of within(admin).getAllByRole('switch')) expect(toggle).toBeDisabled();
  });

  it('enables a member with the switch and reloads the list', async () => {
    const { server } = renderMembers();
    const row = await ui.row('m2@example.com');
    await userEvent.click(within(row).getByRole('switch', { name: 'Enabled' }));
    await expectSentBody(server.requests, setCompanyUserEnabled, { id: 2 }, 'enabled=true');
    await waitFor(() => expect(requestsTo(server.requests, listCompanyUsers)).toHaveLength(2));
  });

  it('marks a member read-only with the switch', async () => {
    const { server } = renderMembers();
    const row = await ui.row('m2@example.com');
    await userEvent.click(within(row).getByRole('switch', { name: 'Read-only' }));
    await expectSentBody(server.requests, setCompanyUserReadOnly, { id: 2 }, 'readOnly=true');
  });

  it('shows the status as text without the edit permission', async () => {
    renderMembers(['company.user']);
    const row = await ui.row('m2@example.com');
    expect(within(row).getByRole('cell', { name: 'Disabled' })).toBeInTheDocument();
  });

  it('says on leaving the e-mail that the account belongs to another company, before Save', async () => {
    const { server } = renderMembers(FULL, {
      ...refuse(checkCompanyUserEmail, ErrorCode.accountOfAnotherCompany),
    });
    await ui.row('m2@example.com');
    await userEvent.click(ui.add() as HTMLElement);
    await userEvent.type(await screen.findByLabelText('E-mail'), 'taken@example.com');
    await userEvent.tab();
    expect(await screen.findByText('This account belongs to another company')).toBeInTheDocument();
    expect(requestsTo(server.requests, checkCompanyUserEmail).at(-1)?.url).toContain(
      'email=taken%40example.com',
    );
    expect(requestsTo(server.requests, createCompanyUser)).toHaveLength(0);
  });

  describeCompanyPage({ ...page, list: listCompanyUsers }, [
    { name: 'add member', permission: 'company.user.create', find: ui.add },
    { name: 'edit', permission: 'company.user.edit', find: ui.edit },
    { name: 'enable switch', permission: 'company.user.edit', find: ui.enable },
    { name: 'read-only switch', permission: 'company.user.edit', find: ui.readOnly },
    { name: 'delete', permission: 'company.user.delete', find: ui.delete },
  ]);
});
