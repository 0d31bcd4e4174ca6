import {
  listStockDataloggers,
  unbindStockDatalogger,
  type Permission,
  type StockDatalogger,
} from '@solar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectSentBody } from '../../../test/expect-sent';
import { answer } from '../../../test/fake-endpoints';
import { itHidesEachWithout } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import DataloggerStockPage from './DataloggerStockPage';

const FULL: Permission[] = ['sys.gateway.view', 'sys.gateway.edit'];

const datalogger = (sn: string, overrides: Partial<StockDatalogger> = {}): StockDatalogger => ({
  id: sn.length,
  sn,
  model: 'WiFi-Stick',
  hardwareVersion: 'H2',
  softwareVersion: null,
  plantId: null,
  plantName: null,
  companyId: null,
  companyName: null,
  ownerEmail: null,
  lastOnlineAt: null,
  lastUnbindReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const bound = datalogger('GW0001BOUND', {
  plantId: 3,
  plantName: 'Roof North',
  companyId: 2,
  companyName: 'Sunny Ltd',
});

const ui = {
  register: () => screen.queryByRole('button', { name: /Register datalogger/ }),
  import: () => screen.queryByRole('button', { name: /Import from a spreadsheet/ }),
  unbind: () => screen.queryAllByRole('button', { name: 'Force unbind' })[0] ?? null,
  row: async (sn: string) => (await screen.findByText(sn)).closest('tr') as HTMLElement,
};

function renderStock(held: readonly Permission[] = FULL) {
  return renderPage(<DataloggerStockPage />, {
    held,
    routes: {
      ...answer(listStockDataloggers, { infos: [bound, datalogger('GW02FREE')], total: 2 }),
      ...answer(unbindStockDatalogger, { ...bound, plantId: null, companyId: null }),
    },
  });
}

const page = { held: FULL, render: renderStock, shown: () => ui.row('GW0001BOUND') };

describe('<DataloggerStockPage>', () => {
  it('shows who holds each datalogger, and stock for the free ones', async () => {
    renderStock();
    expect(within(await ui.row('GW0001BOUND')).getByText('Sunny Ltd · Roof North')).toBeVisible();
    const free = await ui.row('GW02FREE');
    expect(within(free).getByText('In stock')).toBeVisible();
    expect(within(free).queryByRole('button', { name: 'Force unbind' })).toBeNull();
  });

  it('unbinds by force with the reason given', async () => {
    const { server } = renderStock();
    const row = await ui.row('GW0001BOUND');
    await userEvent.click(within(row).getByRole('button', { name: 'Force unbind' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Returned');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSentBody(
      server.requests,
      unbindStockDatalogger,
      { sn: 'GW0001BOUND' },
      'reason=Returned',
    );
  });

  itHidesEachWithout(page, [
    { name: 'register', permission: 'sys.gateway.edit', find: ui.register },
    { name: 'import', permission: 'sys.gateway.edit', find: ui.import },
    { name: 'force unbind', permission: 'sys.gateway.edit', find: ui.unbind },
  ]);
});
