import { randomUUID } from 'node:crypto';
import {
  acknowledgeEvents,
  type DeviceKind,
  ErrorCode,
  type EventInfo,
  exportEvents,
  listEventDescriptions,
  listEvents,
  plantEvents,
} from '@solar/contract';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildSignedInOwner } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import {
  buildDatalogger,
  buildDevice,
  buildEvent,
  buildPlantWithDevices,
} from '../test/fixtures/plants.factories.js';
import { DESCRIPTOR_CODES } from './descriptor-catalogue.js';
import { seedEventDescriptors } from './descriptor-seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedEventDescriptors(t.deps.db);
});

/** An event from `startedAt`, closed `minutesOpen` later or still open. */
function eventOf(
  deviceId: number,
  code: string,
  level: number,
  startedAt: string,
  minutesOpen?: number,
) {
  const start = new Date(startedAt);
  return buildEvent(t.deps, deviceId, {
    code,
    level,
    startedAt: start,
    endedAt: minutesOpen === undefined ? null : new Date(start.getTime() + minutesOpen * 60_000),
  });
}

/** Letters only, so no device SN contains the digits the code keyword looks for. */
function letterSerial(prefix: string): string {
  const letters = randomUUID()
    .replaceAll(/[^0-9a-f]/g, '')
    .slice(0, 10)
    .replaceAll(/[0-9]/g, (digit) => 'GHIJKLMNOP'[Number(digit)]!);
  return `${prefix}${letters.toUpperCase()}`;
}

/** A plant with one device of `kind`, its SN prefixed with the kind (INV, BAT). */
function plantWithOneDevice(userId: number, kind: DeviceKind, name: string, timeZone: string) {
  const sn = letterSerial(kind.slice(0, 3).toUpperCase());
  return buildPlantWithDevices(t.deps, userId, [{ kind, sn }], { name, time_zone: timeZone });
}

/**
 * An owner with two plants (Berlin and Tokyo), an inverter on each, and five events:
 * P open, W closed, F open (code 201), F closed with an unknown code, P on the Tokyo plant.
 */
async function buildWorld() {
  const { user, token } = await buildSignedInOwner(t.deps);
  const berlin = await plantWithOneDevice(user.id, 'inverter', 'Berlin roof', 'Europe/Berlin');
  const tokyo = await plantWithOneDevice(user.id, 'battery', 'Tokyo roof', 'Asia/Tokyo');
  const inverter = berlin.devices[0]!;
  const battery = tokyo.devices[0]!;
  const events = {
    protectOpen: await eventOf(inverter.id, '101', 5, '2026-03-01T10:00:00Z'),
    warningClosed: await eventOf(inverter.id, '301', 2, '2026-03-02T10:00:00Z', 60),
    faultOpen: await eventOf(inverter.id, '201', 1, '2026-03-03T10:00:00Z'),
    unknownClosed: await eventOf(inverter.id, '9999', 0, '2026-03-04T10:00:00Z', 30),
    // 2026-03-02 00:30 in Tokyo, still the 1st in UTC.
    tokyoProtect: await eventOf(battery.id, '102', 5, '2026-03-01T15:30:00Z', 30),
  };
  return { user, token, berlin, tokyo, inverter, battery, events };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

async function list(world: World, query: Record<string, unknown> = {}) {
  const answer = await callEndpointLoosely(t.app, listEvents, { token: world.token, query });
  expect(answer.code).toBe(ErrorCode.ok);
  return answer.data as { infos: EventInfo[]; total: number };
}

const idsOf = (page: { infos: EventInfo[] }) => page.infos.map((row) => row.id);

describe('GET /api/v1/events', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('answers 401 without token, 2 without event.view, 4 on bad filters', async () => {
    expect((await callEndpoint(t.app, listEvents)).status).toBe(401);
    const company = await buildCompanyWithStaff(t.deps, ['station.view']);
    expect((await callEndpoint(t.app, listEvents, { token: company.staffToken })).code).toBe(
      ErrorCode.noPermission,
    );
    for (const query of [
      { level: '5' },
      { level: 'X' },
      { status: 'done' },
      { from: '2026-13-01' },
      { from: 'yesterday' },
      { from: '2026-03-05', to: '2026-03-01' },
      { sort: 'password' },
      { plantId: '0' },
      { deviceKind: 'datalogger' },
    ]) {
      const answer = await callEndpointLoosely(t.app, listEvents, { token: world.token, query });
      expect(answer.code, JSON.stringify(query)).toBe(ErrorCode.validation);
    }
  });

  it('lists every visible event newest first with letters, texts and plant', async () => {
    const page = await list(world);
    const { events } = world;
    expect(idsOf(page)).toEqual([
      events.unknownClosed.id,
      events.faultOpen.id,
      events.warningClosed.id,
      events.tokyoProtect.id,
      events.protectOpen.id,
    ]);
    expect(page.total).toBe(5);
    const protect = page.infos.find((row) => row.id === events.protectOpen.id)!;
    expect(protect).toEqual({
      id: events.protectOpen.id,
      code: '101',
      level: 'P',
      sn: world.inverter.sn,
      deviceKind: 'inverter',
      plantId: world.berlin.plant.id,
      plantName: 'Berlin roof',
      timeZone: 'Europe/Berlin',
      description: 'Grid over-voltage',
      suggestion: expect.stringContaining('grid operator') as string,
      startTime: '2026-03-01T10:00:00.000Z',
      endTime: null,
      isAcknowledged: false,
      acknowledgedAt: null,
      acknowledgedBy: null,
      lostEnergy: null,
    });
    expect(page.infos.map((row) => row.level)).toEqual(['F', 'F', 'W', 'P', 'P']);
    const unknown = page.infos.find((row) => row.id === events.unknownClosed.id)!;
    expect([unknown.description, unknown.suggestion]).toEqual(['9999', '']);
  });

  it('speaks the caller’s language (lan, then Accept-Language)', async () => {
    const german = await list(world, { level: 'P', plantId: world.berlin.plant.id, lan: 'de' });
    expect(german.infos[0]!.description).toBe('Netzüberspannung');
    const answer = await callEndpoint(t.app, listEvents, {
      token: world.token,
      query: { level: 'P', plantId: world.berlin.plant.id },
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(answer.data.infos[0]!.description).toBe('电网过压');
  });

  it('filters by each filter and by all combined', async () => {
    const { events } = world;
    expect(idsOf(await list(world, { plantId: world.tokyo.plant.id }))).toEqual([
      events.tokyoProtect.id,
    ]);
    expect(idsOf(await list(world, { level: 'P' }))).toEqual([
      events.tokyoProtect.id,
      events.protectOpen.id,
    ]);
    expect(idsOf(await list(world, { level: 'W' }))).toEqual([events.warningClosed.id]);
    expect(idsOf(await list(world, { deviceKind: 'battery' }))).toEqual([events.tokyoProtect.id]);
    expect(idsOf(await list(world, { deviceKind: 'inverter', level: 'P' }))).toEqual([
      events.protectOpen.id,
    ]);
    expect(idsOf(await list(world, { deviceKind: 'meter' }))).toEqual([]);
    expect(idsOf(await list(world, { level: 'F' }))).toEqual([
      events.unknownClosed.id,
      events.faultOpen.id,
    ]);
    expect(idsOf(await list(world, { status: 'open' }))).toEqual([
      events.faultOpen.id,
      events.protectOpen.id,
    ]);
    expect(idsOf(await list(world, { status: 'closed' }))).toEqual([
      events.unknownClosed.id,
      events.warningClosed.id,
      events.tokyoProtect.id,
    ]);
    expect(
      idsOf(await list(world, { keyword: world.battery.sn.slice(2, 9).toLowerCase() })),
    ).toEqual([events.tokyoProtect.id]);
    expect(idsOf(await list(world, { keyword: '30' }))).toEqual([events.warningClosed.id]);
    expect(
      idsOf(
        await list(world, {
          plantId: world.berlin.plant.id,
          level: 'F',
          status: 'open',
          from: '2026-03-03',
          to: '2026-03-03',
          keyword: '20',
        }),
      ),
    ).toEqual([events.faultOpen.id]);
    expect(
      (await list(world, { plantId: world.berlin.plant.id, level: 'W', status: 'open' })).total,
    ).toBe(0);
  });

  it('takes instants as instants and dates as the plant-local day', async () => {
    const { events } = world;
    expect(
      idsOf(await list(world, { from: '2026-03-01T12:00:00Z', to: '2026-03-02T10:00:00Z' })),
    ).toEqual([events.warningClosed.id, events.tokyoProtect.id]);
    expect(
      idsOf(
        await list(world, { from: '2026-03-01T11:00:00+01:00', to: '2026-03-01T11:00:00+01:00' }),
      ),
    ).toEqual([events.protectOpen.id]);
    // The Tokyo event started on the 2nd there, though it was still the 1st in UTC.
    expect(idsOf(await list(world, { from: '2026-03-02', to: '2026-03-02' }))).toEqual([
      events.warningClosed.id,
      events.tokyoProtect.id,
    ]);
    expect(idsOf(await list(world, { to: '2026-03-01' }))).toEqual([events.protectOpen.id]);
    expect(idsOf(await list(world, { from: '2026-03-04' }))).toEqual([events.unknownClosed.id]);
  });

  it('pages and sorts', async () => {
    const first = await list(world, { size: 2, page: 1, sort: 'startTime', order: 'asc' });
    const second = await list(world, { size: 2, page: 2, sort: 'startTime', order: 'asc' });
    expect([...idsOf(first), ...idsOf(second)]).toEqual([
      world.events.protectOpen.id,
      world.events.tokyoProtect.id,
      world.events.warningClosed.id,
      world.events.faultOpen.id,
    ]);
    expect(first.total).toBe(5);
    const byCode = await list(world, { sort: 'code', order: 'asc' });
    expect(byCode.infos.map((row) => row.code)).toEqual(['101', '102', '201', '301', '9999']);
  });

  it('never shows another tenant’s events, nor those of devices on no plant', async () => {
    const stranger = await buildWorld();
    const company = await buildCompanyWithStaff(t.deps, ['event.view']);
    const loose = await buildDatalogger(t.deps);
    const looseDevice = await buildDevice(t.deps, loose.id);
    await buildEvent(t.deps, looseDevice.id, { code: '101', level: 5 });
    const mine = await list(world, { size: 200 });
    expect(mine.total).toBe(5);
    const strangerIds = new Set(Object.values(stranger.events).map((event) => event.id));
    expect(mine.infos.some((row) => strangerIds.has(row.id))).toBe(false);
    expect(
      (await list(world, { plantId: stranger.berlin.plant.id })).total,
      'a foreign plant id filters to nothing',
    ).toBe(0);
    for (const token of [company.staffToken, company.adminToken]) {
      const answer = await callEndpoint(t.app, listEvents, { token });
      expect(answer.data.total).toBe(0);
    }
  });

  it('shows the events of a company’s plants to its staff holding event.view', async () => {
    const company = await buildCompanyWithStaff(t.deps, ['event.view']);
    const plant = await buildPlantWithDevices(t.deps, company.admin.id, [{}], {
      company_id: company.company.id,
    });
    const event = await buildEvent(t.deps, plant.devices[0]!.id, { code: '302', level: 2 });
    const answer = await callEndpoint(t.app, listEvents, { token: company.staffToken });
    expect(answer.data.infos.map((row) => [row.id, row.level])).toEqual([[event.id, 'W']]);
  });

  it('uses the same letters and texts as the plant overview', async () => {
    const overview = await callEndpoint(t.app, plantEvents, {
      token: world.token,
      params: { id: world.berlin.plant.id },
      query: { lan: 'fr' },
    });
    const portal = await list(world, { plantId: world.berlin.plant.id, lan: 'fr' });
    expect(
      overview.data.infos.map((row) => [row.id, row.levelLetter, row.text, row.suggestion]),
    ).toEqual(portal.infos.map((row) => [row.id, row.level, row.description, row.suggestion]));
  });
});

describe('POST /api/v1/events/acknowledge', () => {
  it('answers 401, 4 on an empty or too long list', async () => {
    expect((await callEndpoint(t.app, acknowledgeEvents, { body: { ids: [1] } })).status).toBe(401);
    const { token } = await buildSignedInOwner(t.deps);
    for (const ids of [[], Array.from({ length: 501 }, (_, i) => i + 1), ['x']]) {
      const answer = await callEndpointLoosely(t.app, acknowledgeEvents, { token, body: { ids } });
      expect(answer.code).toBe(ErrorCode.validation);
    }
  });

  it('refuses foreign ids all or none, stores who and when, keeps the first acknowledgement', async () => {
    const world = await buildWorld();
    const stranger = await buildWorld();
    const foreign = stranger.events.protectOpen;
    const mine = world.events;
    const refused = await callEndpoint(t.app, acknowledgeEvents, {
      token: world.token,
      body: { ids: [mine.protectOpen.id, foreign.id, 2147483000] },
    });
    expect(refused.code).toBe(ErrorCode.noPermission);
    expect(refused.data).toMatchObject({ notFound: [foreign.id, 2147483000] });
    const untouched = await t.deps.db
      .selectFrom('events')
      .select(['acknowledged_at', 'acknowledged_by'])
      .where('id', 'in', [foreign.id, mine.protectOpen.id])
      .execute();
    expect(untouched).toEqual([
      { acknowledged_at: null, acknowledged_by: null },
      { acknowledged_at: null, acknowledged_by: null },
    ]);
    const strangerSees = await list(stranger, { level: 'P', plantId: stranger.berlin.plant.id });
    expect(strangerSees.infos[0]!.isAcknowledged).toBe(false);

    const first = await callEndpoint(t.app, acknowledgeEvents, {
      token: world.token,
      body: { ids: [mine.protectOpen.id, mine.warningClosed.id, mine.protectOpen.id] },
    });
    expect(first.code).toBe(ErrorCode.ok);
    expect(first.data.acknowledged.sort()).toEqual(
      [mine.protectOpen.id, mine.warningClosed.id].sort(),
    );
    expect(first.data.alreadyAcknowledged).toEqual([]);

    const second = await callEndpoint(t.app, acknowledgeEvents, {
      token: world.token,
      body: { ids: [mine.protectOpen.id, mine.faultOpen.id] },
    });
    expect(second.data).toEqual({
      acknowledged: [mine.faultOpen.id],
      alreadyAcknowledged: [mine.protectOpen.id],
    });

    const page = await list(world, { level: 'P', plantId: world.berlin.plant.id });
    expect(page.infos[0]).toMatchObject({
      id: mine.protectOpen.id,
      isAcknowledged: true,
      acknowledgedBy: world.user.nickname,
    });
    expect(Date.now() - Date.parse(page.infos[0]!.acknowledgedAt!)).toBeLessThan(60_000);
    const stillListed = await list(world);
    expect(stillListed.total).toBe(5);
  });
});

async function exportCsv(token: string, query: Record<string, string> = {}) {
  const raw = await t.app.inject({
    method: 'GET',
    url: exportEvents.path,
    query,
    headers: { authorization: `Bearer ${token}` },
  });
  return raw;
}

function rowsOfCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1)) as string[][];
}

describe('GET /api/v1/events/export', () => {
  it('answers 401 and 2 in the envelope', async () => {
    expect((await t.app.inject({ method: 'GET', url: exportEvents.path })).statusCode).toBe(401);
    const company = await buildCompanyWithStaff(t.deps, ['station.view']);
    const refused = await exportCsv(company.staffToken);
    expect(refused.json<{ code: number }>().code).toBe(ErrorCode.noPermission);
    const invalid = await exportCsv(company.staffToken, { level: 'Q' });
    expect(invalid.json<{ code: number }>().code).not.toBe(ErrorCode.ok);
  });

  it('writes the filtered rows with localized headers and plant-local times', async () => {
    const world = await buildWorld();
    await callEndpoint(t.app, acknowledgeEvents, {
      token: world.token,
      body: { ids: [world.events.tokyoProtect.id] },
    });
    const raw = await exportCsv(world.token, { level: 'P', lan: 'de' });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(raw.headers['content-disposition']).toMatch(/^attachment; filename="events-/);
    const rows = rowsOfCsv(raw.body);
    expect(rows[0]).toEqual([
      'Stufe',
      'Code',
      'Beschreibung',
      'Empfehlung',
      'Geräte-SN',
      'Anlage',
      'Beginn',
      'Ende',
      'Bestätigt von',
      'Bestätigt am',
    ]);
    expect(rows.slice(1).map((row) => row.slice(0, 3).concat(row.slice(4, 8)))).toEqual([
      [
        'P',
        '102',
        'Netzausfall',
        world.battery.sn,
        'Tokyo roof',
        '2026-03-02 00:30:00 +09:00',
        '2026-03-02 01:00:00 +09:00',
      ],
      [
        'P',
        '101',
        'Netzüberspannung',
        world.inverter.sn,
        'Berlin roof',
        '2026-03-01 11:00:00 +01:00',
        '',
      ],
    ]);
    expect(rows[1]![8]).toBe(world.user.nickname);
    expect(rows[1]![9]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+09:00$/);
    expect(rows[2]![8]).toBe('');
  });

  it('streams 20,000 rows in many chunks, all of them, in order', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const plant = await buildPlantWithDevices(t.deps, user.id, [{}], { time_zone: 'UTC' });
    await sql`
      INSERT INTO events (device_id, code, level, started_at, ended_at, notified_at)
      SELECT ${plant.devices[0]!.id}, '201', 1,
             timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => n),
             timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => n + 1), NULL
      FROM generate_series(1, 20000) AS n`.execute(t.deps.db);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}${exportEvents.path}?sort=startTime&order=asc`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let body = '';
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      body += decoder.decode(value, { stream: true });
    }
    const rows = rowsOfCsv(body);
    expect(rows).toHaveLength(20001);
    expect(rows[1]![6]).toBe('2026-01-01 00:00:01 +00:00');
    expect(rows[20000]![6]).toBe('2026-01-01 05:33:20 +00:00');
    expect(chunks).toBeGreaterThan(10);

    // Clients that leave after the first chunk: each export's cursor and connection must be
    // given back, or the pool (10 connections) would be exhausted and the list would hang.
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const abort = new AbortController();
      const partial = await fetch(`${address}${exportEvents.path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      await partial.body!.getReader().read();
      abort.abort();
    }
    const after = await callEndpoint(t.app, listEvents, { token, query: { size: 1 } });
    expect(after.data.total).toBe(20000);
  });
});

describe('GET /api/v1/event-descriptions', () => {
  it('answers 401, 4 on a code that is not digits', async () => {
    expect((await callEndpoint(t.app, listEventDescriptions)).status).toBe(401);
    const { token } = await buildSignedInOwner(t.deps);
    const answer = await callEndpointLoosely(t.app, listEventDescriptions, {
      token,
      query: { code: '20a' },
    });
    expect(answer.code).toBe(ErrorCode.validation);
  });

  it('lists codes with letters and texts, filtered, or in all 13 languages', async () => {
    const { token } = await buildSignedInOwner(t.deps);
    const all = await callEndpoint(t.app, listEventDescriptions, {
      token,
      query: { lan: 'it', size: 200 },
    });
    // Other test files may add codes of their own to the shared catalogue table.
    const catalogue = all.data.infos.filter((row) => DESCRIPTOR_CODES.includes(row.code));
    expect(catalogue.map((row) => [row.code, row.level])).toEqual([
      ['101', 'P'],
      ['102', 'P'],
      ['201', 'F'],
      ['202', 'F'],
      ['203', 'F'],
      ['301', 'W'],
      ['302', 'W'],
      ['401', 'W'],
      ['901', 'W'],
      ['911', 'W'],
      ['912', 'F'],
      ['913', 'W'],
    ]);
    expect(catalogue[0]).toEqual({
      code: '101',
      level: 'P',
      description: 'Sovratensione di rete',
      suggestion: expect.stringContaining('distributore') as string,
    });
    const filtered = await callEndpoint(t.app, listEventDescriptions, {
      token,
      query: { code: '20', level: 'F', keyword: 'arc' },
    });
    expect(filtered.data.infos.map((row) => row.code)).toEqual(['202']);
    const withAll = await callEndpoint(t.app, listEventDescriptions, {
      token,
      query: { code: '302', allLanguages: true },
    });
    const texts = withAll.data.infos[0]!.texts!;
    expect(Object.keys(texts)).toHaveLength(13);
    expect(texts.fi?.text).toBe('Tuuletinvika');
  });
});
