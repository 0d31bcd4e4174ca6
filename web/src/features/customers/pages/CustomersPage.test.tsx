import {
  checkCustomerAccount,
  customerTypeOptions,
  ErrorCode,
  deleteCustomer,
  listCustomers,
  type Customer,
  type Permission,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describeCompanyPage } from '../../../test/company-context';
import { confirmAndExpectSent } from '../../../test/expect-sent';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import type { FakeHandler } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import CustomersPage from './CustomersPage';

const FULL: Permission[] = [
  'customer.list.view',
  'customer.create',
  'customer.edit',
  'customer.delete',
  'agent.manage',
];

const customer = (customerId: number, account: string): Customer => ({
  customerId,
  companyId: 1,
  account,
  nickname: `Owner ${customerId}`,
  typeId: 3,
  typeName: 'Residential',
  remark: null,
  createdAt: '2024-01-01T00:00:00.000Z',
});

const ui = {
  add: () => screen.queryByRole('button', { name: /Add customer/ }),
  agents: () => screen.queryByRole('link', { name: /Agents/ }),
  row: async (account: string) => (await screen.findByText(account)).closest('tr') as HTMLElement,
  edit: () => screen.queryAllByRole('button', { name: 'Edit' })[0] ?? null,
  delete: () => screen.queryAllByRole('button', { name: 'Delete' })[0] ?? null,
  search: () => screen.getByRole('searchbox', { name: 'Search account or nickname' }),
};

function renderCustomers(
  held: readonly Permission[] = FULL,
  routes: Record<string, FakeHandler> = {},
) {
  return renderPage(<CustomersPage />, {
    held,
    routes: {
      ...answer(listCustomers, { infos: [customer(11, 'anna@example.com')], total: 1 }),
      ...answer(customerTypeOptions, [{ id: 3, name: 'Residential' }]),
      ...answer(deleteCustomer, null),
      ...routes,
    },
  });
}

const page = { held: FULL, render: renderCustomers, shown: () => ui.row('anna@example.com') };

describe('<CustomersPage>', () => {
  it('lists customers with their type and every action for a full holder', async () => {
    renderCustomers();
    const row = await ui.row('anna@example.com');
    expect(within(row).getByText('Residential')).toBeInTheDocument();
    expect(ui.add()).toBeInTheDocument();
    expect(ui.agents()).toHaveAttribute('href', '/customer/agents');
    expect(ui.edit()).toBeInTheDocument();
    expect(ui.delete()).toBeInTheDocument();
  });

  it('searches from page 1 with the trimmed text', async () => {
    const { server } = renderCustomers();
    await ui.row('anna@example.com');
    await userEvent.type(ui.search(), '  anna {Enter}');
    await waitFor(() =>
      expect(requestsTo(server.requests, listCustomers).at(-1)?.url).toContain('search=anna'),
    );
    expect(requestsTo(server.requests, listCustomers).at(-1)?.url).toContain('page=1');
  });

  it('unlinks a customer after confirmation and reloads the list', async () => {
    const { server } = renderCustomers();
    await ui.row('anna@example.com');
    await userEvent.click(ui.delete() as HTMLElement);
    await confirmAndExpectSent(server.requests, deleteCustomer, { companyId: 1, masterId: 11 });
    await waitFor(() => expect(requestsTo(server.requests, listCustomers)).toHaveLength(2));
  });

  describeCompanyPage({ ...page, list: listCustomers }, [
    { name: 'add customer', permission: 'customer.create', find: ui.add },
    { name: 'agents link', permission: 'agent.manage', find: ui.agents },
    { name: 'edit', permission: 'customer.edit', find: ui.edit },
    { name: 'delete', permission: 'customer.delete', find: ui.delete },
  ]);

  describe('adding a customer checks the account on leaving the field', () => {
    async function leaveAccount(email: string) {
      await userEvent.click(
        (await screen.findByRole('button', { name: /Add customer/ })) as HTMLElement,
      );
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText('Account'), email);
      await userEvent.tab();
      return dialog;
    }

    it('says at once that the account is not registered', async () => {
      const { server } = renderCustomers(
        FULL,
        refuse(checkCustomerAccount, ErrorCode.accountNotRegistered),
      );
      const dialog = await leaveAccount('nobody@example.com');
      expect(await within(dialog).findByText('This account is not registered')).toBeInTheDocument();
      expect(requestsTo(server.requests, checkCustomerAccount)[0]?.url).toContain(
        'email=nobody%40example.com',
      );
    });

    it("says the catalogue's reason for an agent of the company", async () => {
      renderCustomers(FULL, refuse(checkCustomerAccount, ErrorCode.agentExists));
      const dialog = await leaveAccount('agent@example.com');
      expect(await within(dialog).findByText('Agent exists')).toBeInTheDocument();
    });

    it('says nothing for an account that can become a customer', async () => {
      const { server } = renderCustomers(FULL, answer(checkCustomerAccount, { nickname: 'Bea' }));
      const dialog = await leaveAccount('bea@example.com');
      await waitFor(() =>
        expect(requestsTo(server.requests, checkCustomerAccount)).toHaveLength(1),
      );
      expect(within(dialog).queryByText('This account is not registered')).toBeNull();
    });

    it('leaves a malformed e-mail to the form, without asking the server', async () => {
      const { server } = renderCustomers(FULL, answer(checkCustomerAccount, { nickname: 'Bea' }));
      await leaveAccount('not-an-email');
      expect(requestsTo(server.requests, checkCustomerAccount)).toHaveLength(0);
    });
  });
});
