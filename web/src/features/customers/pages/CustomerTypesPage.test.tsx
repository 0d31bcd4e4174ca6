import {
  createCustomerType,
  deleteCustomerType,
  listCustomerTypes,
  type CustomerType,
  type Permission,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseCompany } from '../../../shared/session/company-context';
import { COMPANY_CHOICES, describeCompanyPage } from '../../../test/company-context';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import type { FakeHandler, FakeRequest } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import CustomerTypesPage from './CustomerTypesPage';

const FULL: Permission[] = [
  'customer.type.list.view',
  'customer.type.create',
  'customer.type.edit',
  'customer.type.delete',
];

const residential: CustomerType = {
  id: 3,
  companyId: 1,
  name: 'Residential',
  remark: 'Homes',
  customerCount: 4,
  createdAt: '2024-01-01T00:00:00.000Z',
};

const ui = {
  add: () => screen.queryByRole('button', { name: /Add type/ }),
  edit: () => screen.queryByRole('button', { name: 'Edit' }),
  delete: () => screen.queryByRole('button', { name: 'Delete' }),
  row: async () => (await screen.findByText('Residential')).closest('tr') as HTMLElement,
  dialog: () => screen.findByRole('dialog'),
};

/** Adds the type 'Commercial' through the dialog; resolves once it was sent. */
async function addType(server: { requests: FakeRequest[] }): Promise<void> {
  await ui.row();
  await userEvent.click(ui.add() as HTMLElement);
  const dialog = await ui.dialog();
  await userEvent.type(within(dialog).getByLabelText('Type name'), 'Commercial');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(requestsTo(server.requests, createCustomerType)).toHaveLength(1));
}

function renderTypes(held: readonly Permission[] = FULL, routes: Record<string, FakeHandler> = {}) {
  return renderPage(<CustomerTypesPage />, {
    held,
    routes: {
      ...answer(listCustomerTypes, { infos: [residential], total: 1 }),
      ...answer(createCustomerType, { ...residential, id: 4, name: 'Commercial' }),
      ...answer(deleteCustomerType, null),
      ...routes,
    },
  });
}

const page = { held: FULL, render: renderTypes, shown: ui.row };

describe('<CustomerTypesPage>', () => {
  it('lists the types with how many customers each has', async () => {
    renderTypes();
    const row = await ui.row();
    expect(within(row).getByText('Homes')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
  });

  it('adds a type through the dialog and reloads the list', async () => {
    const { server } = renderTypes();
    await addType(server);
    await waitFor(() => expect(requestsTo(server.requests, listCustomerTypes)).toHaveLength(2));
  });

  it('opens the dialog with the row to edit', async () => {
    renderTypes();
    await ui.row();
    await userEvent.click(ui.edit() as HTMLElement);
    const dialog = await ui.dialog();
    expect(within(dialog).getByLabelText('Type name')).toHaveValue('Residential');
  });

  describeCompanyPage({ ...page, list: listCustomerTypes }, [
    { name: 'add type', permission: 'customer.type.create', find: ui.add },
    { name: 'edit', permission: 'customer.type.edit', find: ui.edit },
    { name: 'delete', permission: 'customer.type.delete', find: ui.delete },
  ]);

  it("adds the platform administrator's type to the chosen company", async () => {
    chooseCompany(7);
    const { server } = renderTypes([...FULL, 'sys.company.manage'], COMPANY_CHOICES);
    await addType(server);
    expect(requestsTo(server.requests, createCustomerType)[0]?.headers['X-Company']).toBe('7');
  });
});
