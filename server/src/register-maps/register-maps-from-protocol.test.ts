import {
  builtinRegisterMap,
  createDeviceProtocol,
  createProtocolColumn,
  type DeviceProtocol,
  ErrorCode,
  getRegisterMap,
  importRegisterMapFromProtocol,
  listRegisterMaps,
  type ProtocolTransport,
  setDeviceProtocolEnabled,
  type SettingsFamily,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import {
  buildPlatformAdminContext,
  type PlatformAdminContext,
  uniqueSuffix,
} from '../test/platform-admin.js';

let ctx: PlatformAdminContext;

beforeAll(async () => {
  ctx = await buildPlatformAdminContext();
});

type ColumnBody = { key: string; name: string; valueType: string; unit?: string; scale?: number };

/** A protocol of `transport` with the columns, as the administrator would have added them. */
async function protocolWith(
  columns: ColumnBody[],
  transport: ProtocolTransport = 'modbus-rtu',
): Promise<DeviceProtocol> {
  const protocol = await endpointData(ctx.t.app, createDeviceProtocol, {
    token: ctx.platformToken,
    body: { name: `Map source ${uniqueSuffix()}`, version: '2.1', transport },
  });
  for (const [sortOrder, column] of columns.entries()) {
    await endpointData(ctx.t.app, createProtocolColumn, {
      token: ctx.platformToken,
      params: { id: protocol.id },
      body: { ...column, sortOrder } as never,
    });
  }
  return protocol;
}

const GOOD_COLUMNS: ColumnBody[] = [
  { key: '40001', name: 'Active power limit', valueType: 'uint16', unit: '%', scale: 0.1 },
  { key: '0x9C42', name: 'Export limit', valueType: 'int32', unit: 'W', scale: 10 },
  { key: '40004', name: 'Anti-islanding', valueType: 'bool' },
];

/** The version the next import of `family` gets (other files may import for it too). */
async function nextVersion(family: SettingsFamily): Promise<number> {
  const stored = await ctx.t.deps.db
    .selectFrom('register_maps')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('family', '=', family)
    .executeTakeFirst();
  return Math.max(stored?.version ?? 0, builtinRegisterMap(family)!.version) + 1;
}

/** The maps stored from these protocols. */
async function mapsFrom(protocols: readonly DeviceProtocol[]): Promise<unknown[]> {
  const ids = protocols.map((protocol) => protocol.id);
  return ctx.t.deps.db
    .selectFrom('register_maps')
    .select('id')
    .where('protocol_id', 'in', ids)
    .execute();
}

function importFrom(protocolId: number, token = ctx.platformToken) {
  return callEndpoint(ctx.t.app, importRegisterMapFromProtocol, {
    body: { family: 'thinkPower', protocolId },
    token,
  });
}

describe('POST /api/v1/register-maps/import-protocol', () => {
  it('answers 401 without a token and 2 to a company administrator', async () => {
    const protocol = await protocolWith(GOOD_COLUMNS);
    const body = { family: 'thinkPower' as const, protocolId: protocol.id };
    expect((await callEndpoint(ctx.t.app, importRegisterMapFromProtocol, { body })).status).toBe(
      401,
    );
    expect((await importFrom(protocol.id, ctx.adminToken)).code).toBe(ErrorCode.noPermission);
  });

  it('refuses a malformed body with code 4 and an unknown protocol with 2', async () => {
    const res = await callEndpointLoosely(ctx.t.app, importRegisterMapFromProtocol, {
      body: { family: 'acme', protocolId: 'x' },
      token: ctx.platformToken,
    });
    expect(res.code).toBe(ErrorCode.validation);
    expect((await importFrom(2 ** 31 - 1)).code).toBe(ErrorCode.noPermission);
  });

  it('imports the columns as the next version, which the family and its readers then use', async () => {
    const protocol = await protocolWith(GOOD_COLUMNS, 'modbus-tcp');
    const next = await nextVersion('thinkPower');
    const res = await importFrom(protocol.id);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.map).toMatchObject({
      family: 'thinkPower',
      version: next,
      name: `${protocol.name} 2.1`,
      source: 'protocol',
      protocol: { id: protocol.id, name: protocol.name, version: '2.1' },
      settingCount: 3,
      isEffective: true,
    });

    // A company's staff reads the imported map as the family's map.
    const { adminToken } = ctx;
    const effective = await callEndpoint(ctx.t.app, getRegisterMap, {
      params: { family: 'thinkPower' },
      token: adminToken,
    });
    expect(effective.data).toMatchObject({ version: next, source: 'protocol' });
    expect(effective.data.settings.map((s) => [s.key, s.address, s.type, s.scale])).toEqual([
      ['activePowerLimit', 40001, 'uint16', -1],
      ['exportLimit', 40002, 'int32', 1],
      ['antiIslanding', 40004, 'bool', 0],
    ]);
    const list = await callEndpoint(ctx.t.app, listRegisterMaps, {
      query: { family: 'thinkPower' },
      token: adminToken,
    });
    expect(list.data.infos[0]).toMatchObject({ version: next, isEffective: true });
    const row = await ctx.t.deps.db
      .selectFrom('register_maps')
      .select(['source', 'protocol_id'])
      .where('family', '=', 'thinkPower')
      .where('version', '=', next)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'protocol', protocol_id: protocol.id });
  });

  it('names every column that cannot be a setting and stores nothing', async () => {
    const protocol = await protocolWith([
      ...GOOD_COLUMNS,
      { key: 'pv1.voltage', name: 'PV1 voltage', valueType: 'uint16' },
      { key: '40010', name: 'Frequency', valueType: 'float32' },
      { key: '40012', name: 'Ramp', valueType: 'uint16', scale: 0.5 },
    ]);
    const res = await callEndpointLoosely(ctx.t.app, importRegisterMapFromProtocol, {
      body: { family: 'thinkPower', protocolId: protocol.id },
      token: ctx.platformToken,
    });
    expect(res.code).toBe(ErrorCode.validation);
    expect(res.data).toMatchObject({
      fields: [
        { field: 'columns.pv1.voltage', message: 'validation.columnAddress' },
        { field: 'columns.40010', message: 'validation.columnType' },
        { field: 'columns.40012', message: 'validation.columnScale' },
      ],
    });
    expect(await mapsFrom([protocol])).toEqual([]);
  });

  it('refuses a disabled, a non-Modbus and an empty protocol with code 4', async () => {
    const disabled = await protocolWith(GOOD_COLUMNS);
    await endpointData(ctx.t.app, setDeviceProtocolEnabled, {
      token: ctx.platformToken,
      params: { id: disabled.id },
      body: { enabled: 'false' } as never,
    });
    const mqtt = await protocolWith(GOOD_COLUMNS, 'mqtt');
    const empty = await protocolWith([]);
    const answers = await Promise.all(
      [disabled, mqtt, empty].map((protocol) =>
        callEndpointLoosely(ctx.t.app, importRegisterMapFromProtocol, {
          body: { family: 'thinkPower', protocolId: protocol.id },
          token: ctx.platformToken,
        }),
      ),
    );
    expect(answers.map((res) => [res.code, res.data])).toMatchObject([
      [4, { fields: [{ field: 'protocolId', message: 'validation.modbusProtocol' }] }],
      [4, { fields: [{ field: 'protocolId', message: 'validation.modbusProtocol' }] }],
      [4, { fields: [{ field: 'protocolId', message: 'validation.protocolColumns' }] }],
    ]);
    expect(await mapsFrom([disabled, mqtt, empty])).toEqual([]);
  });
});
