import {
  createManagedCompany,
  ErrorCode,
  listBrands,
  listManagedCompanies,
  setManagedCompanyEnabled,
  type ManagedCompany,
  type Permission,
  updateManagedCompany,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectSentBody } from '../../../test/expect-sent';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import type { FakeHandler } from '../../../test/fake-server';
import { itHidesEachWithout } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import { managedBrand } from '../../brands/managed-brand.fixtures';
import ManagedCompaniesPage from './ManagedCompaniesPage';

const FULL: Permission[] = ['sys.company.manage', 'sys.company.edit'];

const company = (id: number, overrides: Partial<ManagedCompany> = {}): ManagedCompany => ({
  id,
  name: `Company ${id}`,
  address: null,
  phone: null,
  logoUrl: null,
  iconUrl: null,
  themeColor: null,
  brandId: null,
  isEnabled: true,
  administratorEmail: `admin${id}@example.com`,
  plantCount: 3,
  deviceCount: 12,
  userCount: 4,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const brand = managedBrand();

const ui = {
  add: () => screen.queryByRole('button', { name: /Add company/ }),
  edit: () => screen.queryAllByRole('button', { name: 'Edit' })[0] ?? null,
  enable: () => screen.queryAllByRole('switch', { name: 'Enabled' })[0] ?? null,
  row: async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement,
};

function renderCompanies(
  held: readonly Permission[] = FULL,
  routes: Record<string, FakeHandler> = {},
) {
  return renderPage(<ManagedCompaniesPage />, {
    held,
    routes: {
      ...answer(listManagedCompanies, { infos: [company(1), company(2)], total: 2 }),
      ...answer(setManagedCompanyEnabled, company(2, { isEnabled: false })),
      ...routes,
    },
  });
}

async function fillNewCompany(name: string) {
  await userEvent.click(ui.add() as HTMLElement);
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Company name'), name);
  await userEvent.type(within(dialog).getByLabelText('Administrator e-mail'), 'boss@new.com');
  await userEvent.type(within(dialog).getByLabelText('Administrator nickname'), 'Boss');
  await userEvent.type(within(dialog).getByLabelText('Administrator password'), 'Secret2026');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

const page = { held: FULL, render: renderCompanies, shown: () => ui.row('Company 2') };

describe('<ManagedCompaniesPage>', () => {
  it('lists companies with their administrator and counts', async () => {
    renderCompanies();
    const row = await ui.row('Company 1');
    expect(within(row).getByText('admin1@example.com')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
  });

  it('creates a company with its first administrator', async () => {
    const { server } = renderCompanies(FULL, {
      ...answer(createManagedCompany, company(3, { name: 'Sunny Ltd' })),
    });
    await ui.row('Company 1');
    await fillNewCompany('Sunny Ltd');
    await waitFor(() => expect(requestsTo(server.requests, createManagedCompany)).toHaveLength(1));
    const body = new URLSearchParams(requestsTo(server.requests, createManagedCompany)[0]?.body);
    expect(body.get('name')).toBe('Sunny Ltd');
    expect(body.get('adminEmail')).toBe('boss@new.com');
    expect(body.get('brandId')).toBe('0');
  });

  it("moves a company to a brand chosen from the brands' list", async () => {
    const { server } = renderCompanies(FULL, {
      ...answer(listBrands, { infos: [brand], total: 1 }),
      ...answer(updateManagedCompany, company(1, { brandId: 7 })),
    });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Edit' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Brand'));
    await userEvent.click(await screen.findByTitle('Moon Energy (moon)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo(server.requests, updateManagedCompany)).toHaveLength(1));
    const body = new URLSearchParams(requestsTo(server.requests, updateManagedCompany)[0]?.body);
    expect(body.get('brandId')).toBe('7');
  });

  it('shows a taken name under the field', async () => {
    renderCompanies(FULL, { ...refuse(createManagedCompany, ErrorCode.duplicateCompanyName) });
    await ui.row('Company 1');
    const dialog = await fillNewCompany('Company 2');
    expect(
      await within(dialog).findByText('Another company already uses this name'),
    ).toBeInTheDocument();
  });

  it('disables a company with the switch', async () => {
    const { server } = renderCompanies();
    const row = await ui.row('Company 2');
    await userEvent.click(within(row).getByRole('switch', { name: 'Enabled' }));
    await expectSentBody(server.requests, setManagedCompanyEnabled, { id: 2 }, 'enabled=false');
  });

  itHidesEachWithout(page, [
    { name: 'add company', permission: 'sys.company.edit', find: ui.add },
    { name: 'edit', permission: 'sys.company.edit', find: ui.edit },
    { name: 'enable switch', permission: 'sys.company.edit', find: ui.enable },
  ]);
});
