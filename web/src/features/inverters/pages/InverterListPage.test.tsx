import {
  deleteInverter,
  inverterAlias,
  inverterCount,
  listInverters,
  listPlants,
  type InverterListItem,
  type Permission,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmAndExpectSent } from '../../../test/expect-sent';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { withoutEach } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import InverterListPage from './InverterListPage';

const FULL: Permission[] = ['inverter.view', 'inverter.alias', 'inverter.delete'];

const roof: InverterListItem = {
  sn: 'INV0001',
  alias: 'Roof east',
  plantId: 5,
  plantName: 'Sunfield',
  dataloggerSn: 'DL0001',
  modelCode: '0200',
  modelName: 'LS-2.5K F2',
  ratedPowerKw: 2.5,
  powerW: 1_834,
  todayKwh: 12_345.6,
  status: 'fault',
  lastSeenAt: '2026-06-01T10:00:00.000Z',
  timeZone: 'Europe/Berlin',
  canManage: true,
};

const stranger: InverterListItem = {
  ...roof,
  sn: 'INV0002',
  alias: null,
  modelCode: 'BEEF',
  modelName: null,
  ratedPowerKw: null,
  status: 'normal',
  canManage: false,
};

const ui = {
  row: async (sn: string) => (await screen.findByText(sn)).closest('tr') as HTMLElement,
  edit: (row: HTMLElement) => within(row).queryByRole('button', { name: 'Edit' }),
  delete: (row: HTMLElement) => within(row).queryByRole('button', { name: 'Delete' }),
  search: () => screen.getByRole('searchbox', { name: 'Serial number, alias or plant' }),
};

function renderList(held: readonly Permission[] = FULL) {
  return renderPage(<InverterListPage />, {
    held,
    routes: {
      ...answer(listInverters, { infos: [roof, stranger], total: 2 }),
      ...answer(inverterCount, {
        total: 2,
        byStatus: { normal: 1, fault: 1, offline: 0, warning: 0, upgrading: 0, protect: 0 },
      }),
      ...answer(listPlants, { infos: [], total: 0 }),
      ...answer(inverterAlias, null),
      ...answer(deleteInverter, null),
    },
  });
}

describe('<InverterListPage>', () => {
  it('shows plant, model, rated power, power and energy formatted, status and counts', async () => {
    renderList();
    const row = await ui.row('INV0001');
    expect(within(row).getByText('Sunfield')).toBeInTheDocument();
    expect(within(row).getByText('LS-2.5K F2')).toBeInTheDocument();
    expect(within(row).getByText('2.5 kW')).toBeInTheDocument();
    // The last report on the plant's clock, its zone named: 10:00 UTC is 12:00 in Berlin.
    expect(within(row).getByText(/^Jun 1, 2026, 12:00\sPM CEST$/)).toBeInTheDocument();
    expect(within(row).getByText('1.8 kW')).toBeInTheDocument();
    expect(within(row).getByText('12.3 MWh')).toBeInTheDocument();
    expect(within(row).getByText('Fault')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'INV0001' })).toHaveAttribute(
      'href',
      '/device/inverter/INV0001',
    );
    // Unknown model codes show the default text with the code.
    const other = await ui.row('INV0002');
    expect(within(other).getByText('Unknown model (BEEF)')).toBeInTheDocument();
    expect(await screen.findByText('Total: 2')).toBeInTheDocument();
  });

  it('searches by keyword from page 1 and counts without the status filter', async () => {
    const { server } = renderList();
    await ui.row('INV0001');
    await userEvent.type(ui.search(), 'roof{Enter}');
    await waitFor(() =>
      expect(requestsTo(server.requests, listInverters).at(-1)?.url).toContain('keyword=roof'),
    );
    expect(requestsTo(server.requests, listInverters).at(-1)?.url).toContain('page=1');
    await waitFor(() =>
      expect(requestsTo(server.requests, inverterCount).at(-1)?.url).toContain('keyword=roof'),
    );
  });

  it('renames through the alias dialog', async () => {
    const { server } = renderList();
    const row = await ui.row('INV0001');
    await userEvent.click(ui.edit(row) as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    const alias = within(dialog).getByLabelText('Alias');
    expect(alias).toHaveValue('Roof east');
    await userEvent.clear(alias);
    await userEvent.type(alias, 'Garage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo(server.requests, inverterAlias)).toHaveLength(1));
    const [request] = requestsTo(server.requests, inverterAlias, { sn: 'INV0001' });
    expect(request?.body).toContain('Garage');
  });

  it('deletes after confirmation', async () => {
    const { server } = renderList();
    const row = await ui.row('INV0001');
    await userEvent.click(ui.delete(row) as HTMLElement);
    await confirmAndExpectSent(server.requests, deleteInverter, { sn: 'INV0001' });
  });

  it('offers no actions on an inverter the caller may only read', async () => {
    renderList();
    const row = await ui.row('INV0002');
    expect(ui.edit(row)).toBeNull();
    expect(ui.delete(row)).toBeNull();
  });

  describe.each(
    withoutEach(FULL, [
      { name: 'alias', permission: 'inverter.alias', find: () => null },
      { name: 'delete', permission: 'inverter.delete', find: () => null },
    ]),
  )('without $permission', ({ held, permission }) => {
    it('hides the button', async () => {
      renderList(held);
      const row = await ui.row('INV0001');
      const find = permission === 'inverter.alias' ? ui.edit : ui.delete;
      const other = permission === 'inverter.alias' ? ui.delete : ui.edit;
      expect(find(row)).toBeNull();
      expect(other(row)).not.toBeNull();
    });
  });
});
