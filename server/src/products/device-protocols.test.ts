import {
  checkDeviceProtocol,
  createDeviceProtocol,
  ErrorCode,
  listDeviceProtocols,
  setDeviceProtocolEnabled,
  updateDeviceProtocol,
} from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { expectAudited, expectOneOfParallelAdds, uniqueSuffix } from '../test/platform-admin.js';
import { platformAdminContextForFile } from '../test/platform-admin-file.js';

const ctx = platformAdminContextForFile();

/** A protocol name no other test uses. */
function freshName(): string {
  return `Proto ${uniqueSuffix()}`;
}

function create(name: string, version = '1.0') {
  return callEndpoint(ctx.t.app, createDeviceProtocol, {
    token: ctx.platformToken,
    body: { name, version, transport: 'mqtt' },
  });
}

describe('device protocols', () => {
  it('refuses a company administrator every call with code 2', async () => {
    const calls = [
      callEndpoint(ctx.t.app, listDeviceProtocols, { token: ctx.adminToken }),
      callEndpoint(ctx.t.app, checkDeviceProtocol, {
        token: ctx.adminToken,
        query: { name: 'X', version: '1' },
      }),
      callEndpoint(ctx.t.app, createDeviceProtocol, {
        token: ctx.adminToken,
        body: { name: freshName(), version: '1', transport: 'http' },
      }),
      callEndpoint(ctx.t.app, updateDeviceProtocol, {
        token: ctx.adminToken,
        params: { id: 1 },
        body: { transport: 'http' },
      }),
      callEndpoint(ctx.t.app, setDeviceProtocolEnabled, {
        token: ctx.adminToken,
        params: { id: 1 },
        body: { enabled: false },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('adds a protocol; the check and a second add of the version answer 5000', async () => {
    const name = freshName();
    const free = await callEndpoint(ctx.t.app, checkDeviceProtocol, {
      token: ctx.platformToken,
      query: { name, version: '2.1' },
    });
    expect(free.code).toBe(ErrorCode.ok);
    const created = await callEndpoint(ctx.t.app, createDeviceProtocol, {
      token: ctx.platformToken,
      body: { name, version: '2.1', transport: 'modbus-tcp', description: 'Port 502' },
    });
    expect(created.data).toMatchObject({
      name,
      version: '2.1',
      transport: 'modbus-tcp',
      description: 'Port 502',
      isEnabled: true,
    });
    const check = await callEndpoint(ctx.t.app, checkDeviceProtocol, {
      token: ctx.platformToken,
      query: { name, version: '2.1' },
    });
    expect(check.code).toBe(ErrorCode.codeExists);
    expect((await create(name, '2.1')).code).toBe(ErrorCode.codeExists);
    expect((await create(name, '2.2')).code).toBe(ErrorCode.ok);
  });

  it('answers 5000 to all but one of 50 parallel adds of one version', async () => {
    const name = freshName();
    await expectOneOfParallelAdds(() => create(name));
  });

  it('answers bad input with the validation code', async () => {
    const bodies = [
      { name: '', version: '1', transport: 'mqtt' },
      { name: freshName(), version: 'one two', transport: 'mqtt' },
      { name: freshName(), version: '1', transport: 'carrier-pigeon' },
      { name: freshName(), version: '1', transport: 'mqtt', description: 'x'.repeat(501) },
      { name: 'x'.repeat(41), version: '1', transport: 'mqtt' },
    ];
    for (const body of bodies) {
      const res = await callEndpointLoosely(ctx.t.app, createDeviceProtocol, {
        token: ctx.platformToken,
        body,
      });
      expect(res.code, JSON.stringify(body)).toBe(ErrorCode.validation);
    }
  });

  it('edits, disables and enables a protocol, filters it, and audits each change', async () => {
    const name = freshName();
    const protocol = await endpointData(ctx.t.app, createDeviceProtocol, {
      token: ctx.platformToken,
      body: { name, version: '3', transport: 'mqtt' },
    });
    const edited = await endpointData(ctx.t.app, updateDeviceProtocol, {
      token: ctx.platformToken,
      params: { id: protocol.id },
      body: { transport: 'modbus-rtu', description: 'RS-485' },
    });
    expect(edited).toMatchObject({ transport: 'modbus-rtu', description: 'RS-485' });
    await endpointData(ctx.t.app, setDeviceProtocolEnabled, {
      token: ctx.platformToken,
      params: { id: protocol.id },
      body: { enabled: false },
    });
    const byTransport = await endpointData(ctx.t.app, listDeviceProtocols, {
      token: ctx.platformToken,
      query: { keyword: name, transport: 'modbus-rtu', enabled: false },
    });
    expect(byTransport.infos.map((row) => row.id)).toEqual([protocol.id]);
    const enabled = await endpointData(ctx.t.app, setDeviceProtocolEnabled, {
      token: ctx.platformToken,
      params: { id: protocol.id },
      body: { enabled: true },
    });
    expect(enabled.isEnabled).toBe(true);

    await expectAudited(ctx, `device protocol ${protocol.id} ${name} 3`, [
      'protocol.created',
      'protocol.updated',
      'protocol.disabled',
      'protocol.enabled',
    ]);
  });

  it('answers code 2 for an unknown protocol', async () => {
    const res = await callEndpoint(ctx.t.app, updateDeviceProtocol, {
      token: ctx.platformToken,
      params: { id: 2_000_000_000 },
      body: { transport: 'http' },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });
});
