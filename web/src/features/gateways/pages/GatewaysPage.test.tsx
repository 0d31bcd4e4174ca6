import {
  debugGateway,
  checkGateways,
  type GatewayDetail,
  type GatewayRow,
  getGateway,
  importGateways,
  listGateways,
  listPlants,
  type Permission,
  unbindGateway,
  unbindPlantGateway,
  ErrorCode,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmAndExpectSent } from '../../../test/expect-sent';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import { itHidesEachWithout } from '../../../test/guarded-actions';
import { renderPage } from '../../../test/render-page';
import { parsePairs } from '../components/GatewayCheckModal';
import { commandRecord } from '../../commands/command-record.fixtures';
import GatewaysPage from './GatewaysPage';

const FULL: Permission[] = [
  'station.view',
  'gateway.view',
  'gateway.create',
  'gateway.delete',
  'gateway.unbind',
];

const row = (sn: string, overrides: Partial<GatewayRow> = {}): GatewayRow => ({
  id: 1,
  sn,
  alias: null,
  plantId: 7,
  plantName: 'Sunny Hill',
  status: 'normal',
  signalStrength: 80,
  softwareVersion: 'V2.1',
  lastOnlineAt: '2026-06-21T10:05:00.000Z',
  deviceCount: 2,
  ...overrides,
});

const detail = (sn: string, overrides: Partial<GatewayDetail> = {}): GatewayDetail => ({
  ...row(sn),
  key: 'KEY12345',
  protocol: 'solar-mqtt/1',
  transport: 'mqtt',
  hardwareVersion: 'H1',
  iccid: '8949000000000000001',
  connectionPassword: 'conn-secret',
  gsns: ['INV001', 'MET001'],
  isRemoteSettingEnabled: true,
  canManage: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const ui = {
  row: async (sn: string) => (await screen.findByText(sn)).closest('tr') as HTMLElement,
  add: () => screen.queryByRole('button', { name: /Add datalogger/ }),
  import: () => screen.queryByRole('button', { name: /Import/ }),
  check: () => screen.queryByRole('button', { name: /Batch check/ }),
  alias: () => screen.queryAllByRole('button', { name: 'Alias' })[0] ?? null,
  unbind: () => screen.queryAllByRole('button', { name: 'Unbind' })[0] ?? null,
  delete: () => screen.queryAllByRole('button', { name: 'Delete' })[0] ?? null,
};

function renderGateways(held: readonly Permission[] = FULL, extra = {}) {
  return renderPage(<GatewaysPage />, {
    held,
    routes: {
      ...answer(listGateways, {
        infos: [
          row('BOUND001'),
          row('STOCK001', { plantId: null, plantName: null, status: 'offline' }),
        ],
        total: 2,
      }),
      ...answer(listPlants, { infos: [], total: 0 }),
      ...answer(getGateway, detail('BOUND001')),
      ...answer(unbindPlantGateway, null),
      ...answer(unbindGateway, detail('BOUND001', { plantId: null })),
      ...extra,
    },
  });
}

const page = { held: FULL, render: renderGateways, shown: () => ui.row('BOUND001') };

describe('<GatewaysPage>', () => {
  it('lists dataloggers with plant, status colour, signal, firmware and every action', async () => {
    renderGateways();
    const bound = await ui.row('BOUND001');
    expect(within(bound).getByText('Sunny Hill')).toBeInTheDocument();
    expect(within(bound).getByText('Online')).toHaveAttribute('data-status', 'normal');
    expect(within(bound).getByText('80 %')).toBeInTheDocument();
    expect(within(bound).getByText('V2.1')).toBeInTheDocument();
    // Unbind only on bound rows, delete only on unbound ones.
    expect(within(bound).queryByRole('button', { name: 'Unbind' })).toBeInTheDocument();
    expect(within(bound).queryByRole('button', { name: 'Delete' })).toBeNull();
    const stock = await ui.row('STOCK001');
    expect(within(stock).getByText('Offline')).toBeInTheDocument();
    expect(within(stock).queryByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(ui.add()).toBeInTheDocument();
    expect(ui.import()).toBeInTheDocument();
    expect(ui.check()).toBeInTheDocument();
  });

  it('searches by keyword from page 1', async () => {
    const { server } = renderGateways();
    await ui.row('BOUND001');
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search SN or alias' }),
      ' roof {Enter}',
    );
    await waitFor(() =>
      expect(requestsTo(server.requests, listGateways).at(-1)?.url).toContain('keyword=roof'),
    );
  });

  it('shows every field in the drawer', async () => {
    renderGateways();
    await userEvent.click(await screen.findByText('BOUND001'));
    expect(await screen.findByText('KEY12345')).toBeInTheDocument();
    expect(screen.getByText('8949000000000000001')).toBeInTheDocument();
    expect(screen.getByText('conn-secret')).toBeInTheDocument();
    expect(screen.getByText('INV001, MET001')).toBeInTheDocument();
    expect(screen.getByText('solar-mqtt/1')).toBeInTheDocument();
  });

  it('restarts and debugs the datalogger from the drawer only with gateway.restart', async () => {
    const record = commandRecord({
      name: 'raw',
      target: 'BOUND001',
      dataloggerSn: 'BOUND001',
      args: { payload: 'AT+VER' },
      result: { reply: 'OK AT+VER' },
    });
    const { server } = renderGateways([...FULL, 'gateway.restart'], answer(debugGateway, record));
    await userEvent.click(await screen.findByText('BOUND001'));
    expect(await screen.findByRole('button', { name: 'Restart datalogger' })).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Raw command'), 'AT+VER');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('OK AT+VER')).toBeInTheDocument();
    expect(JSON.parse(requestsTo(server.requests, debugGateway)[0]!.body!)).toEqual({
      payload: 'AT+VER',
    });
  });

  it('shows neither restart nor debug without gateway.restart', async () => {
    renderGateways();
    await userEvent.click(await screen.findByText('BOUND001'));
    expect(await screen.findByText('KEY12345')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restart datalogger' })).toBeNull();
    expect(screen.queryByLabelText('Raw command')).toBeNull();
  });

  it('hides the key and password from callers who may not manage', async () => {
    renderGateways(FULL, {
      ...answer(
        getGateway,
        detail('BOUND001', { key: null, connectionPassword: null, canManage: false }),
      ),
    });
    await userEvent.click(await screen.findByText('BOUND001'));
    expect(await screen.findAllByText('Hidden')).toHaveLength(2);
    expect(screen.queryByText('KEY12345')).toBeNull();
  });

  it('unbinds with the plant-gateway call first, then the gateway call', async () => {
    const { server } = renderGateways();
    await ui.row('BOUND001');
    await userEvent.click(ui.unbind() as HTMLElement);
    await confirmAndExpectSent(server.requests, unbindGateway);
    const order = server.requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.url);
    expect(order).toEqual(['/api/v1/plant/7/gateway/unbind', '/api/v1/gateway/BOUND001/unbind']);
    expect(requestsTo(server.requests, unbindPlantGateway)[0]?.body).toContain('BOUND001');
  });

  it('does not send the gateway unbind when the plant call is refused', async () => {
    const { server } = renderGateways(FULL, {
      ...refuse(unbindPlantGateway, ErrorCode.dataloggerNotFound),
    });
    await ui.row('BOUND001');
    await userEvent.click(ui.unbind() as HTMLElement);
    await confirmAndExpectSent(server.requests, unbindPlantGateway);
    expect(requestsTo(server.requests, unbindGateway)).toHaveLength(0);
  });

  it('imports a spreadsheet and shows the result of each row', async () => {
    const { server } = renderGateways(FULL, {
      ...answer(importGateways, {
        imported: 1,
        failed: 1,
        results: [
          { row: 2, sn: 'NEW001', code: 0, msg: 'Success' },
          { row: 3, sn: 'BAD001', code: 300, msg: 'Datalogger SN or key incorrect' },
        ],
      }),
    });
    await ui.row('BOUND001');
    await userEvent.click(ui.import() as HTMLElement);
    expect(await screen.findByRole('link', { name: /Download template/ })).toHaveAttribute(
      'href',
      '/api/v1/gateways/import/template',
    );
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(
      input,
      new File(['PK'], 'dataloggers.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    expect(await screen.findByText('1 imported, 1 not imported')).toBeInTheDocument();
    expect(screen.getByText('Datalogger SN or key incorrect')).toBeInTheDocument();
    expect(requestsTo(server.requests, importGateways)).toHaveLength(1);
  });

  it('refuses a file that is not a spreadsheet before sending it', async () => {
    const { server } = renderGateways();
    await ui.row('BOUND001');
    await userEvent.click(ui.import() as HTMLElement);
    const input = await waitFor(
      () => document.querySelector('input[type=file]') as HTMLInputElement,
    );
    await userEvent.upload(input, new File(['a,b'], 'list.csv', { type: 'text/csv' }), {
      applyAccept: false,
    });
    expect(await screen.findByText(/Choose an .xlsx or .xls file/)).toBeInTheDocument();
    expect(requestsTo(server.requests, importGateways)).toHaveLength(0);
  });

  it('checks pasted SN and key pairs', async () => {
    const { server } = renderGateways(FULL, {
      ...answer(checkGateways, {
        results: [{ row: 1, sn: 'A1', code: 301, msg: 'Datalogger already used' }],
      }),
    });
    await ui.row('BOUND001');
    await userEvent.click(ui.check() as HTMLElement);
    await userEvent.type(await screen.findByRole('textbox', { name: 'SN and key pairs' }), 'A1 K1');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Datalogger already used')).toBeInTheDocument();
    expect(requestsTo(server.requests, checkGateways)[0]?.body).toContain('"sn":"A1"');
  });

  it('parses pairs separated by spaces, commas, semicolons or tabs, and refuses other lines', () => {
    expect(parsePairs('A1 K1\nB2,K2\n\nC3;K3\nD4\tK4')).toEqual([
      { sn: 'A1', key: 'K1' },
      { sn: 'B2', key: 'K2' },
      { sn: 'C3', key: 'K3' },
      { sn: 'D4', key: 'K4' },
    ]);
    expect(parsePairs('A1')).toBeNull();
    expect(parsePairs('')).toBeNull();
  });

  itHidesEachWithout(page, [
    { name: 'add', permission: 'gateway.create', find: ui.add },
    { name: 'import', permission: 'gateway.create', find: ui.import },
    { name: 'batch check', permission: 'gateway.create', find: ui.check },
    { name: 'alias', permission: 'gateway.create', find: ui.alias },
    { name: 'unbind', permission: 'gateway.unbind', find: ui.unbind },
    { name: 'delete', permission: 'gateway.delete', find: ui.delete },
  ]);
});
