import {
  createDeviceProtocol,
  createProtocolColumn,
  type DeviceProtocol,
  ErrorCode,
  listProtocolColumns,
  removeProtocolColumn,
  updateProtocolColumn,
} from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { expectAudited, expectOneOfParallelAdds, uniqueSuffix } from '../test/platform-admin.js';
import { platformAdminContextForFile } from '../test/platform-admin-file.js';

const ctx = platformAdminContextForFile();

function freshProtocol(): Promise<DeviceProtocol> {
  return endpointData(ctx.t.app, createDeviceProtocol, {
    token: ctx.platformToken,
    body: { name: `Columns ${uniqueSuffix()}`, version: '1.0', transport: 'modbus-tcp' },
  });
}

function add(protocolId: number, key: string, extra: Record<string, unknown> = {}) {
  return callEndpoint(ctx.t.app, createProtocolColumn, {
    token: ctx.platformToken,
    params: { id: protocolId },
    body: { key, name: 'PV1 voltage', valueType: 'uint16', ...extra },
  });
}

describe('protocol columns', () => {
  it('refuses a company administrator every call with code 2', async () => {
    const protocol = await freshProtocol();
    const body = { key: '40001', name: 'Refused', valueType: 'uint16' } as const;
    const calls = [
      callEndpoint(ctx.t.app, listProtocolColumns, {
        token: ctx.adminToken,
        params: { id: protocol.id },
      }),
      callEndpoint(ctx.t.app, createProtocolColumn, {
        token: ctx.adminToken,
        params: { id: protocol.id },
        body,
      }),
      callEndpoint(ctx.t.app, updateProtocolColumn, {
        token: ctx.adminToken,
        params: { id: protocol.id, columnId: 1 },
        body,
      }),
      callEndpoint(ctx.t.app, removeProtocolColumn, {
        token: ctx.adminToken,
        params: { id: protocol.id, columnId: 1 },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('adds, lists, edits and removes columns, each audited; a key is unique per protocol', async () => {
    const protocol = await freshProtocol();
    const other = await freshProtocol();
    const added = await add(protocol.id, '40001', { unit: 'V', scale: 0.1, sortOrder: 2 });
    expect(added.data).toMatchObject({
      protocolId: protocol.id,
      key: '40001',
      unit: 'V',
      scale: 0.1,
      valueType: 'uint16',
      sortOrder: 2,
    });
    expect((await add(protocol.id, 'grid.power', { valueType: 'int32' })).code).toBe(ErrorCode.ok);
    expect((await add(protocol.id, '40001')).code).toBe(ErrorCode.codeExists);
    expect((await add(other.id, '40001')).code).toBe(ErrorCode.ok);

    const listed = await endpointData(ctx.t.app, listProtocolColumns, {
      token: ctx.platformToken,
      params: { id: protocol.id },
    });
    expect(listed.map((column) => column.key)).toEqual(['grid.power', '40001']);

    const columnId = (added.data as { id: number }).id;
    const taken = await callEndpoint(ctx.t.app, updateProtocolColumn, {
      token: ctx.platformToken,
      params: { id: protocol.id, columnId },
      body: { key: 'grid.power', name: 'Clash', valueType: 'uint16' },
    });
    expect(taken.code).toBe(ErrorCode.codeExists);
    const edited = await endpointData(ctx.t.app, updateProtocolColumn, {
      token: ctx.platformToken,
      params: { id: protocol.id, columnId },
      body: { key: '40001', name: 'PV1 voltage', valueType: 'float32', scale: 1 },
    });
    expect(edited).toMatchObject({ valueType: 'float32', scale: 1, unit: '', sortOrder: 0 });

    const removed = await callEndpoint(ctx.t.app, removeProtocolColumn, {
      token: ctx.platformToken,
      params: { id: protocol.id, columnId },
    });
    expect(removed.code).toBe(ErrorCode.ok);
    const again = await callEndpoint(ctx.t.app, removeProtocolColumn, {
      token: ctx.platformToken,
      params: { id: protocol.id, columnId },
    });
    expect(again.code).toBe(ErrorCode.noPermission);

    await expectAudited(ctx, `device protocol ${protocol.id} column 40001`, [
      'protocolColumn.added',
      'protocolColumn.updated',
      'protocolColumn.removed',
    ]);
  });

  it('answers 5000 to all but one of 50 parallel adds of one key', async () => {
    const protocol = await freshProtocol();
    await expectOneOfParallelAdds(() => add(protocol.id, '30775'));
  });

  it('answers bad input with code 4 and an unknown protocol or column with code 2', async () => {
    const protocol = await freshProtocol();
    for (const extra of [
      { key: 'has space' },
      { valueType: 'u8' },
      { scale: 'x' },
      { sortOrder: -1 },
      { name: '' },
      { extra: true },
    ]) {
      const res = await callEndpointLoosely(ctx.t.app, createProtocolColumn, {
        token: ctx.platformToken,
        params: { id: protocol.id },
        body: { key: 'k1', name: 'Bad', valueType: 'uint16', ...extra },
      });
      expect(res.code, JSON.stringify(extra)).toBe(ErrorCode.validation);
    }
    expect((await add(2_000_000_000, 'k1')).code).toBe(ErrorCode.noPermission);
    const unknownColumn = await callEndpoint(ctx.t.app, updateProtocolColumn, {
      token: ctx.platformToken,
      params: { id: protocol.id, columnId: 2_000_000_000 },
      body: { key: 'k1', name: 'Missing', valueType: 'uint16' },
    });
    expect(unknownColumn.code).toBe(ErrorCode.noPermission);
  });
});
