import {
  addHardwareRevision,
  checkHardwareId,
  checkProductModelCode,
  createProductModel,
  ErrorCode,
  listHardwareRevisions,
  listProductModels,
  type Permission,
  type ProductModel,
  setProductModelEnabled,
  uploadProductImage,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectSentBody, sentJsonBody } from '../../../test/expect-sent';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import { itHidesEachWithout } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import ProductModelsPage from './ProductModelsPage';

const FULL: Permission[] = ['sys.product.manage', 'sys.product.edit'];

const inverter: ProductModel = {
  id: 5,
  kind: 'inverter',
  modelCode: '0503',
  name: 'LT-10K F2',
  vendor: 'Acme',
  ratedPowerW: 10_000,
  hardwarePartNumber: 'HW-10',
  phases: 3,
  mpptCount: 2,
  isEnabled: true,
  imageUrl: '/anonymous/product/5/image?v=1',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const ui = {
  add: () => screen.queryByRole('button', { name: /Add product model/ }),
  edit: () => screen.queryAllByRole('button', { name: 'Edit' })[0] ?? null,
  disable: () => screen.queryAllByRole('button', { name: 'Disable' })[0] ?? null,
  row: async (code: string) => (await screen.findByText(code)).closest('tr') as HTMLElement,
};

const revision = {
  id: 9,
  productId: 5,
  hardwareId: 'V2.1',
  description: 'Second board',
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderProducts(held: readonly Permission[] = FULL, codeTaken = false) {
  return renderPage(<ProductModelsPage />, {
    held,
    routes: {
      ...answer(listProductModels, { infos: [inverter], total: 1 }),
      ...(codeTaken
        ? refuse(checkProductModelCode, ErrorCode.codeExists)
        : answer(checkProductModelCode, null)),
      ...answer(createProductModel, { ...inverter, id: 6, kind: 'battery', modelCode: 'B-1' }),
      ...answer(setProductModelEnabled, { ...inverter, isEnabled: false }),
      ...answer(listHardwareRevisions, [revision]),
      ...answer(uploadProductImage, { ...inverter, imageUrl: '/anonymous/product/5/image?v=2' }),
      ...(codeTaken
        ? refuse(checkHardwareId, ErrorCode.codeExists)
        : answer(checkHardwareId, null)),
      ...(codeTaken
        ? refuse(addHardwareRevision, ErrorCode.codeExists)
        : answer(addHardwareRevision, { ...revision, id: 10, hardwareId: 'V3' })),
    },
  });
}

const page = { held: FULL, render: renderProducts, shown: () => ui.row('0503') };

describe('<ProductModelsPage>', () => {
  it('lists models with their kind, name, power and state', async () => {
    renderProducts();
    const row = await ui.row('0503');
    expect(within(row).getByText('Inverter')).toBeVisible();
    expect(within(row).getByText('LT-10K F2')).toBeVisible();
    expect(within(row).getByText('10000')).toBeVisible();
    expect(within(row).getByText('Three-phase')).toBeVisible();
    expect(within(row).getByText('Enabled')).toBeVisible();
  });

  it("shows the model's picture in its row", async () => {
    renderProducts();
    const row = await ui.row('0503');
    expect(within(row).getByRole('img', { name: 'Picture' })).toHaveAttribute(
      'src',
      '/anonymous/product/5/image?v=1',
    );
  });

  it('uploads a new picture from the edit form and shows it', async () => {
    const { server } = renderProducts();
    await ui.row('0503');
    await userEvent.click(ui.edit()!);
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File(['png'], 'model.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, uploadProductImage, { id: 5 })).toHaveLength(1),
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: 'Picture' })).toHaveAttribute(
        'src',
        '/anonymous/product/5/image?v=2',
      ),
    );
  });

  it('adds a model with its details', async () => {
    const { server } = renderProducts();
    await ui.row('0503');
    await userEvent.click(ui.add()!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Model code'), 'b-1');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Pack');
    await userEvent.clear(within(dialog).getByLabelText('Rated power (W)'));
    await userEvent.type(within(dialog).getByLabelText('Rated power (W)'), '2500');
    await userEvent.type(within(dialog).getByLabelText('MPPT count'), '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await sentJsonBody(server.requests, createProductModel)).toEqual({
      kind: 'inverter',
      modelCode: 'b-1',
      name: 'Pack',
      vendor: '',
      ratedPowerW: 2500,
      hardwarePartNumber: '',
      phases: 1,
      mpptCount: 4,
    });
  });

  it('shows the hardware revisions of an expanded model and adds one', async () => {
    const { server } = renderProducts();
    const row = await ui.row('0503');
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Second board')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add hardware revision' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Hardware ID'), 'V3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, addHardwareRevision, { id: 5 })).toHaveLength(1),
    );
    expect(JSON.parse(requestsTo(server.requests, addHardwareRevision)[0]!.body ?? '')).toEqual({
      hardwareId: 'V3',
      description: '',
    });
  });

  it('shows a taken hardware ID under its field', async () => {
    renderProducts(FULL, true);
    const row = await ui.row('0503');
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add hardware revision' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Hardware ID'), 'V2.1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This hardware ID exists for the model already'),
    ).toBeInTheDocument();
  });

  it('shows a taken hardware ID under its field when it loses focus', async () => {
    const { server } = renderProducts(FULL, true);
    const row = await ui.row('0503');
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add hardware revision' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Hardware ID'), 'V2.1');
    await userEvent.tab();
    expect(
      await screen.findByText('This hardware ID exists for the model already'),
    ).toBeInTheDocument();
    expect(requestsTo(server.requests, checkHardwareId, { id: 5 })[0]?.url).toContain(
      'hardwareId=V2.1',
    );
    expect(requestsTo(server.requests, addHardwareRevision)).toHaveLength(0);
  });

  it('shows a taken model code under the field when it loses focus', async () => {
    const { server } = renderProducts(FULL, true);
    await ui.row('0503');
    await userEvent.click(ui.add()!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Model code'), '0503');
    await userEvent.tab();
    expect(
      await screen.findByText('This model code exists for the kind already'),
    ).toBeInTheDocument();
    expect(requestsTo(server.requests, checkProductModelCode)[0]?.url).toContain(
      'kind=inverter&modelCode=0503',
    );
  });

  it('disables a model after confirmation', async () => {
    const { server } = renderProducts();
    await userEvent.click(within(await ui.row('0503')).getByRole('button', { name: 'Disable' }));
    await userEvent.click(await screen.findByRole('button', { name: /OK|Yes|Confirm/ }));
    await expectSentBody(server.requests, setProductModelEnabled, { id: 5 }, 'enabled=false');
  });

  itHidesEachWithout(page, [
    { name: 'add', permission: 'sys.product.edit', find: ui.add },
    { name: 'edit', permission: 'sys.product.edit', find: ui.edit },
    { name: 'disable', permission: 'sys.product.edit', find: ui.disable },
  ]);
});
