import {
  checkDeviceProtocol,
  createDeviceProtocol,
  createProtocolColumn,
  type DeviceProtocol,
  listDeviceProtocols,
  listProtocolColumns,
  type Permission,
  type ProtocolColumn,
  removeProtocolColumn,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sentJsonBody } from '../../../test/expect-sent';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import DeviceProtocolsPage from './DeviceProtocolsPage';

const FULL: Permission[] = ['sys.protocol.manage', 'sys.protocol.edit'];

const modbus: DeviceProtocol = {
  id: 2,
  name: 'Solar Modbus',
  version: '1.4',
  transport: 'modbus-tcp',
  description: 'Holding registers on port 502',
  isEnabled: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const voltage: ProtocolColumn = {
  id: 7,
  protocolId: 2,
  key: '40001',
  name: 'PV1 voltage',
  unit: 'V',
  scale: 0.1,
  valueType: 'uint16',
  sortOrder: 0,
};

function renderProtocols(held: readonly Permission[] = FULL) {
  return renderPage(<DeviceProtocolsPage />, {
    held,
    routes: {
      ...answer(listDeviceProtocols, { infos: [modbus], total: 1 }),
      ...answer(checkDeviceProtocol, null),
      ...answer(createDeviceProtocol, { ...modbus, id: 3, version: '1.5' }),
      ...answer(listProtocolColumns, [voltage]),
      ...answer(createProtocolColumn, { ...voltage, id: 8, key: '40003' }),
      ...answer(removeProtocolColumn, null),
    },
  });
}

async function protocolRow(): Promise<HTMLElement> {
  return (await screen.findByText('Solar Modbus')).closest('tr') as HTMLElement;
}

describe('<DeviceProtocolsPage>', () => {
  it('lists protocols with version, transport and state; a disabled one offers Enable', async () => {
    renderProtocols();
    const row = await protocolRow();
    expect(within(row).getByText('1.4')).toBeVisible();
    expect(within(row).getByText('Modbus TCP')).toBeVisible();
    expect(within(row).getByText('Disabled')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Enable' })).toBeVisible();
  });

  it('adds a protocol version', async () => {
    const { server } = renderProtocols();
    await protocolRow();
    await userEvent.click(screen.getByRole('button', { name: /Add protocol/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Solar Modbus');
    await userEvent.type(within(dialog).getByLabelText('Version'), '1.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await sentJsonBody(server.requests, createDeviceProtocol)).toEqual({
      name: 'Solar Modbus',
      version: '1.5',
      transport: 'mqtt',
      description: '',
    });
  });

  it("lists an expanded protocol's columns and adds one", async () => {
    const { server } = renderProtocols();
    const row = await protocolRow();
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('PV1 voltage')).toBeVisible();
    expect(screen.getByText('UINT16')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add column' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^Key/), '40003');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'PV2 voltage');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, createProtocolColumn, { id: 2 })).toHaveLength(1),
    );
    expect(JSON.parse(requestsTo(server.requests, createProtocolColumn)[0]!.body ?? '')).toEqual({
      key: '40003',
      name: 'PV2 voltage',
      unit: '',
      scale: 1,
      valueType: 'uint16',
      sortOrder: 0,
    });
  });

  it('hides the column add, edit and delete without sys.protocol.edit', async () => {
    renderProtocols(['sys.protocol.manage']);
    await userEvent.click(within(await protocolRow()).getByRole('button', { name: /expand/i }));
    await screen.findByText('PV1 voltage');
    expect(screen.queryByRole('button', { name: 'Add column' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit column' })).toBeNull();
  });

  it('hides add, edit and enable without sys.protocol.edit', async () => {
    renderProtocols(['sys.protocol.manage']);
    const row = await protocolRow();
    expect(screen.queryByRole('button', { name: /Add protocol/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Enable' })).toBeNull();
  });
});
