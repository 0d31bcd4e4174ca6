import {
  type DeviceProtocol,
  ErrorCode,
  importRegisterMapFromProtocol,
  listDeviceProtocols,
  listRegisterMaps,
  type Permission,
  type RegisterMapSummary,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import type { FakeHandler } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import RegisterMapsPage from './RegisterMapsPage';

const FULL: Permission[] = ['sys.registerMap.manage', 'sys.registerMap.import'];

const imported: RegisterMapSummary = {
  id: 4,
  family: 'asw',
  version: 2,
  name: 'Hybrid Modbus 3.0',
  source: 'protocol',
  sunspecModelId: null,
  protocol: { id: 12, name: 'Hybrid Modbus', version: '3.0' },
  phases: 3,
  settingCount: 14,
  isEffective: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const builtin: RegisterMapSummary = {
  ...imported,
  id: null,
  version: 1,
  name: 'ASW built-in',
  source: 'builtin',
  protocol: null,
  isEffective: false,
  createdAt: null,
};

function protocol(id: number, transport: DeviceProtocol['transport']): DeviceProtocol {
  return {
    id,
    name: `Protocol ${transport}`,
    version: '3.0',
    transport,
    description: '',
    isEnabled: true,
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

/** The server's code 4 naming the refused columns. */
const refusedColumns: FakeHandler = () => ({
  body: {
    code: ErrorCode.validation,
    msg: 'columns that cannot be settings',
    data: {
      fields: [
        { field: 'columns.40010', message: 'validation.columnType' },
        { field: 'columns.40012', message: 'validation.columnScale' },
      ],
    },
  },
});

function renderMaps(held: readonly Permission[] = FULL, importRoute?: FakeHandler) {
  const importKey = `${importRegisterMapFromProtocol.method} ${importRegisterMapFromProtocol.path}`;
  return renderPage(<RegisterMapsPage />, {
    held,
    routes: {
      ...answer(listRegisterMaps, { infos: [imported, builtin], total: 2 }),
      ...answer(listDeviceProtocols, {
        infos: [protocol(12, 'modbus-tcp'), protocol(13, 'mqtt')],
        total: 2,
      }),
      ...answer(importRegisterMapFromProtocol, { map: { ...imported, version: 3 } }),
      ...(importRoute ? { [importKey]: importRoute } : {}),
    },
  });
}

/** Opens the import dialog and fills in the family and the protocol. */
async function fillImport(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: /Import from protocol/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Family' }));
  await userEvent.click(await screen.findByTitle('asw'));
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Device protocol' }));
  expect(screen.queryByTitle('Protocol mqtt 3.0')).toBeNull();
  await userEvent.click(await screen.findByTitle('Protocol modbus-tcp 3.0'));
  return dialog;
}

describe('<RegisterMapsPage>', () => {
  it('lists the versions with their source, the one in use marked', async () => {
    renderMaps();
    const row = (await screen.findByText('Hybrid Modbus 3.0')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Protocol Hybrid Modbus 3.0')).toBeVisible();
    expect(within(row).getByText('In use')).toBeVisible();
    const builtinRow = screen.getByText('ASW built-in').closest('tr') as HTMLElement;
    expect(within(builtinRow).getByText('Built-in')).toBeVisible();
    expect(within(builtinRow).queryByText('In use')).toBeNull();
  });

  it('hides the import without sys.registerMap.import', async () => {
    renderMaps(['sys.registerMap.manage']);
    await screen.findByText('Hybrid Modbus 3.0');
    expect(screen.queryByRole('button', { name: /Import from protocol/ })).toBeNull();
  });

  it('imports a family map from an enabled Modbus protocol', async () => {
    const { server } = renderMaps();
    const dialog = await fillImport();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestsTo(server.requests, importRegisterMapFromProtocol)).toHaveLength(1),
    );
    const [sent] = requestsTo(server.requests, importRegisterMapFromProtocol);
    expect(JSON.parse(sent!.body ?? '')).toEqual({ family: 'asw', protocolId: 12 });
    expect(requestsTo(server.requests, listDeviceProtocols)[0]!.url).toContain('enabled=true');
    expect(await screen.findByText('Version 3 of asw imported and now in use')).toBeVisible();
  });

  it('lists the refused columns with their reasons and keeps the dialog open', async () => {
    renderMaps(FULL, refusedColumns);
    const dialog = await fillImport();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('These columns cannot become settings:')).toBeVisible();
    expect(
      within(dialog).getByText('Column 40010: A float32 or string column cannot become a setting'),
    ).toBeVisible();
    expect(
      within(dialog).getByText(
        'Column 40012: The scale must be a power of ten from 0.000001 to 1000000',
      ),
    ).toBeVisible();
  });
});
