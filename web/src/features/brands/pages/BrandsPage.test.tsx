import { createBrand, listBrands, type Permission, updateBrand } from '@solar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sentJsonBody } from '../../../test/expect-sent';
import { answer } from '../../../test/fake-endpoints';
import { itHidesEachWithout } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import { managedBrand } from '../managed-brand.fixtures';
import BrandsPage from './BrandsPage';

const FULL: Permission[] = ['sys.brand.manage', 'sys.brand.edit'];

const sunny = managedBrand({
  id: 3,
  key: 'sunny',
  name: 'Sunny Power',
  hosts: ['portal.sunny.example'],
  primaryColor: '#AA5500',
  signInTitle: { en: 'Welcome to Sunny' },
});

const ui = {
  add: () => screen.queryByRole('button', { name: /Add brand/ }),
  edit: () => screen.queryAllByRole('button', { name: 'Edit' })[0] ?? null,
  uploadLogo: () => screen.queryByRole('button', { name: /Upload logo/ }),
  uploadFavicon: () => screen.queryByRole('button', { name: /Upload favicon/ }),
  row: async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement,
};

function renderBrands(held: readonly Permission[] = FULL) {
  return renderPage(<BrandsPage />, {
    held,
    routes: {
      ...answer(listBrands, { infos: [sunny], total: 1 }),
      ...answer(createBrand, { ...sunny, id: 4, key: 'moon' }),
      ...answer(updateBrand, sunny),
    },
  });
}

const page = { held: FULL, render: renderBrands, shown: () => ui.row('sunny') };

describe('<BrandsPage>', () => {
  it('lists brands with their hosts and colour', async () => {
    renderBrands();
    const row = await ui.row('sunny');
    expect(within(row).getByText('portal.sunny.example')).toBeVisible();
    expect(within(row).getByText('#AA5500')).toBeVisible();
  });

  it('creates a brand with its key, colour and hosts', async () => {
    const { server } = renderBrands();
    await ui.row('sunny');
    await userEvent.click(ui.add()!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Source key (X-Source)'), 'moon');
    await userEvent.type(within(dialog).getByLabelText('Brand name'), 'Moon Energy');
    await userEvent.type(within(dialog).getByLabelText('Host names'), 'moon.example{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await sentJsonBody(server.requests, createBrand)).toEqual({
      key: 'moon',
      name: 'Moon Energy',
      primaryColor: '#1677FF',
      hosts: ['moon.example'],
      signInTitle: {},
      footerText: {},
      agreement: {},
      mailFromName: null,
      mailFromAddress: null,
    });
  });

  it('sends the mail sender and the agreement per language', async () => {
    const { server } = renderBrands();
    await ui.row('sunny');
    await userEvent.click(ui.add()!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Source key (X-Source)'), 'moon');
    await userEvent.type(within(dialog).getByLabelText('Brand name'), 'Moon');
    await userEvent.type(within(dialog).getByLabelText('Mail sender address'), 'a@b.cd');
    await userEvent.type(within(dialog).getByLabelText('User agreement and privacy policy'), 'T');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const body = await sentJsonBody(server.requests, createBrand);
    expect(body).toMatchObject({ mailFromAddress: 'a@b.cd', agreement: { en: 'T' } });
    // Four fields typed into: slow on a loaded machine.
  }, 150_000);

  itHidesEachWithout(page, [
    { name: 'add', permission: 'sys.brand.edit', find: ui.add },
    { name: 'edit', permission: 'sys.brand.edit', find: ui.edit },
    { name: 'logo upload', permission: 'sys.brand.edit', find: ui.uploadLogo },
    { name: 'favicon upload', permission: 'sys.brand.edit', find: ui.uploadFavicon },
  ]);
});
