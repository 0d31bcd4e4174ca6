import { randomUUID } from 'node:crypto';
import {
  bootInverter,
  cancelCommand,
  COMMAND_TOPICS,
  commandRecord,
  debugGateway,
  type EndpointBody,
  ErrorCode,
  ingestData,
  ingestReply,
  listCommunicationLog,
  listDebugLog,
  readInverterSettings,
  restartGateway,
  setGatewayProtocol,
  shutdownInverter,
  writeInverterSettings,
} from '@solar/contract';
import { DataloggerLink, type LiveSimulation, startLiveSimulation } from '@solar/simulator';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaffWith } from '../test/fixtures/companies.factories.js';
import { buildDatalogger, buildPlant } from '../test/fixtures/plants.factories.js';
import { buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { startTelemetry, type Telemetry } from '../ingestion/telemetry-runtime.js';
import { CommandChannel } from './command-channel.js';
import { commandCounters } from './command-stats.js';

/**
 * The command channel end to end: the real app, broker (embedded or MQTT_URL), database, and
 * the simulator's datalogger code on the device side.
 */
const externalBroker = process.env.MQTT_URL;
const TIMEOUT_MS = 2500;
let t: TestApp;
let telemetry: Telemetry;
let simulation: LiveSimulation | null = null;
const links: DataloggerLink[] = [];
let installer: { token: string; companyId: number; adminId: number; plantId: number };

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function channelConnection() {
  return {
    brokerUrl: telemetry.brokerUrl,
    isExternal: telemetry.isExternalBroker,
    ...(telemetry.broker ? telemetry.broker.internal : {}),
  };
}

/** Another server process's command channel, started on the same database and broker. */
async function startedChannel(): Promise<CommandChannel> {
  const channel = new CommandChannel(t.deps.db, t.deps.notifications, t.deps.logger);
  await channel.start(channelConnection());
  return channel;
}

/** Another process sends the inverter a shutdown: its channel and the command's answer. */
async function shutdownFromAnotherProcess(inverterSn: string, userId: number, timeoutMs: number) {
  const channel = await startedChannel();
  const device = (await deviceOf(inverterSn))!;
  const running = channel.run({
    dataloggerId: device.datalogger_id,
    deviceId: device.id,
    targetSn: inverterSn,
    name: 'inverter.shutdown',
    args: {},
    userId,
    timeoutMs,
  });
  return { channel, running };
}

async function deviceOf(sn: string) {
  return t.deps.db.selectFrom('devices').selectAll().where('sn', '=', sn).executeTakeFirst();
}

async function commandRows(targetSn: string) {
  return t.deps.db
    .selectFrom('device_commands')
    .selectAll()
    .where('target_sn', '=', targetSn)
    .orderBy('created_at')
    .execute();
}

/** A plant of the installer's company with a datalogger row; the simulator brings its devices. */
async function simulatedPlant() {
  const plant = await buildPlant(t.deps, installer.adminId, { company_id: installer.companyId });
  const sn = `CMD${randomUUID().slice(0, 8)}`;
  const key = randomUUID();
  await buildDatalogger(t.deps, { plantId: plant.id, sn, key });
  return { plant, sn, key, inverterSn: `${sn}-INV1` };
}

/** A datalogger whose replies the test writes itself (through the simulator's link). */
async function scriptedDatalogger(
  answer: (command: { id: string; name: string }, link: DataloggerLink) => Promise<void>,
) {
  const { plant, sn, key, inverterSn } = await simulatedPlant();
  let link: DataloggerLink;
  // eslint-disable-next-line prefer-const
  link = new DataloggerLink({
    brokerUrl: telemetry.brokerUrl,
    sn,
    key,
    includeKeyInPayload: telemetry.isExternalBroker,
    onCommand: (payload) => void answer(payload as { id: string; name: string }, link),
  });
  links.push(link);
  await link.connect();
  await link.send([
    {
      ts: new Date().toISOString(),
      devices: [{ sn: inverterSn, kind: 'inverter', values: { pac_w: 1000, status: 'normal' } }],
    },
  ]);
  await until(async () => (await deviceOf(inverterSn))?.status === 'normal');
  return { plant, sn, inverterSn, link };
}

beforeAll(async () => {
  t = await buildTestApp({
    COMMAND_TIMEOUT_MS: String(TIMEOUT_MS),
    ...(externalBroker ? { MQTT_URL: externalBroker } : {}),
  });
  const suffix = randomUUID().slice(0, 8);
  telemetry = await startTelemetry(t.deps, {
    mqttPort: 0,
    clientId: `test-commands-${suffix}`,
    shareGroup: `cmd${suffix}`,
    sessionExpirySeconds: 120,
  });
  await t.app.commandChannel.start(channelConnection());
  const { company, admin } = await buildCompanyWithStaff(t.deps);
  const plant = await buildPlant(t.deps, admin.id, { company_id: company.id });
  installer = {
    token: await tokenFor(t.deps, admin.id),
    companyId: company.id,
    adminId: admin.id,
    plantId: plant.id,
  };
}, 60_000);

afterAll(async () => {
  await simulation?.stop();
  for (const link of links) await link.close();
  await t.app.commandChannel.stop();
  await telemetry.stop();
});

describe('device commands with the simulated datalogger', () => {
  let inverterSn: string;
  let dataloggerSn: string;
  beforeAll(async () => {
    const plant = await simulatedPlant();
    inverterSn = plant.inverterSn;
    dataloggerSn = plant.sn;
    simulation = await startLiveSimulation({
      brokerUrl: telemetry.brokerUrl,
      plants: [
        {
          plant: {
            name: 'Command plant',
            latitude: 48.1,
            longitude: 11.6,
            timeZone: 'UTC',
            seed: 7,
            datalogger: { sn: plant.sn, key: plant.key },
            inverters: [{ sn: inverterSn, model: '3303', dcKwp: 10, ratedAcKw: 8, strings: 2 }],
            loadScale: 1,
          },
        },
      ],
      intervalSeconds: 3600,
      includeKeyInPayload: telemetry.isExternalBroker,
      hasIncidents: false,
      restartDownMs: 500,
    });
    await until(async () => (await deviceOf(inverterSn))?.status === 'normal');
  }, 60_000);

  it('shuts the inverter down: code 0 once the device confirmed, state done, power 0 at once', async () => {
    const res = await callEndpoint(t.app, shutdownInverter, {
      params: { sn: inverterSn },
      token: installer.token,
    });
    expect(res.code, res.msg).toBe(ErrorCode.ok);
    expect(res.data.state).toBe('done');
    expect(res.data.finishedAt).not.toBeNull();
    // The answer carries the state the device confirmed, ahead of its next record.
    expect(res.data.confirmedState).toBe('off');
    const [row] = await commandRows(inverterSn);
    expect(row).toMatchObject({
      state: 'done',
      user_id: installer.adminId,
      name: 'inverter.shutdown',
    });
    expect(row!.acknowledged_at).not.toBeNull();
    // The device publishes a fresh record right after the command.
    await until(async () => {
      const values = (await deviceOf(inverterSn))?.last_values as Record<string, unknown>;
      return values.switch === 'off' && values.pac_w === 0 && values.status === 'standby';
    });
  });

  it('answers 603 to a shutdown of an inverter that is off, and stores nothing', async () => {
    const before = (await commandRows(inverterSn)).length;
    const res = await callEndpoint(t.app, shutdownInverter, {
      params: { sn: inverterSn },
      token: installer.token,
    });
    expect(res.code).toBe(ErrorCode.sameDeviceState);
    expect(await commandRows(inverterSn)).toHaveLength(before);
  });

  it('boots it again', async () => {
    const res = await callEndpoint(t.app, bootInverter, {
      params: { sn: inverterSn },
      token: installer.token,
    });
    expect(res.code, res.msg).toBe(ErrorCode.ok);
    expect(res.data.confirmedState).toBe('on');
    await until(async () => {
      const values = (await deviceOf(inverterSn))?.last_values as Record<string, unknown>;
      return values.switch === 'on';
    });
  });

  it('writes settings and answers the read-back values; reading returns them', async () => {
    const written = await callEndpoint(t.app, writeInverterSettings, {
      params: { sn: inverterSn },
      token: installer.token,
      body: { values: { activePowerLimitPct: 60 } },
    });
    expect(written.code, written.msg).toBe(ErrorCode.ok);
    expect(written.data.values).toEqual({ activePowerLimitPct: 60 });
    const read = await callEndpoint(t.app, readInverterSettings, {
      params: { sn: inverterSn },
      token: installer.token,
    });
    expect(read.code, read.msg).toBe(ErrorCode.ok);
    expect(read.data.values).toMatchObject({ activePowerLimitPct: 60, powerFactor: 1 });
  });

  it("refuses values the model's register map does not allow (4, 605) and sends nothing", async () => {
    const before = (await commandRows(inverterSn)).length;
    for (const [values, code] of [
      [{ activePowerLimitPct: 140 }, ErrorCode.validation],
      [{ ratedPowerW: 1 }, ErrorCode.validation],
      [{ gridCode: 'G98' }, ErrorCode.gridTypeError],
    ] as const) {
      const res = await callEndpoint(t.app, writeInverterSettings, {
        params: { sn: inverterSn },
        token: installer.token,
        body: { values },
      });
      expect(res.code, JSON.stringify(values)).toBe(code);
    }
    expect(await commandRows(inverterSn)).toHaveLength(before);
  });

  it('answers 604 with the device reason when the device refuses a setting', async () => {
    const res = await callEndpoint(t.app, writeInverterSettings, {
      params: { sn: inverterSn },
      token: installer.token,
      body: { values: { gridCode: 'EN 50549-1' } },
    });
    expect(res.code).toBe(ErrorCode.commandFailed);
    // A failed command answers its log row instead of the read-back settings.
    const failed = commandRecord.parse(res.data);
    expect(failed.state).toBe('failed');
    expect(failed.reason).toContain('shut down');
  });

  it("sends a datalogger's communication settings and stores them once it confirmed", async () => {
    const body: EndpointBody<typeof setGatewayProtocol> = {
      transport: 'http',
      reportIntervalSeconds: 120,
    };
    const params = { sn: dataloggerSn };
    const changed = await callEndpoint(t.app, setGatewayProtocol, {
      params,
      token: installer.token,
      body,
    });
    expect(changed.code, changed.msg).toBe(ErrorCode.ok);
    expect(changed.data).toMatchObject(body);
    const sent = (await commandRows(dataloggerSn)).at(-1);
    expect(sent).toMatchObject({ name: 'settings.write', state: 'done' });
    const again = await callEndpoint(t.app, setGatewayProtocol, {
      params,
      token: installer.token,
      body,
    });
    expect(again.code).toBe(ErrorCode.sameDeviceState);
  });

  it('runs parallel commands to one datalogger one at a time', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        callEndpoint(t.app, debugGateway, {
          params: { sn: dataloggerSn },
          token: installer.token,
          body: { payload: `AT+PING${index}` },
        }),
      ),
    );
    expect(results.map((res) => res.code)).toEqual(Array(6).fill(ErrorCode.ok));
    const rows = (await commandRows(dataloggerSn)).filter((row) => row.name === 'raw');
    const spans = rows
      .map((row) => [row.sent_at!.getTime(), row.finished_at!.getTime()] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let index = 1; index < spans.length; index += 1) {
      expect(spans[index]![0]).toBeGreaterThanOrEqual(spans[index - 1]![1]);
    }
    const log = await callEndpoint(t.app, listDebugLog, {
      query: { sn: dataloggerSn },
      token: installer.token,
    });
    expect(log.data.total).toBe(6);
    expect(log.data.infos[0]!.result!.reply).toMatch(/^OK AT\+PING/);
  });

  it('restarts the datalogger: done, then it reconnects', async () => {
    const res = await callEndpoint(t.app, restartGateway, {
      params: { sn: dataloggerSn },
      token: installer.token,
    });
    expect(res.code, res.msg).toBe(ErrorCode.ok);
    const log = await callEndpoint(t.app, listCommunicationLog, {
      query: { sn: dataloggerSn, name: 'datalogger.restart' },
      token: installer.token,
    });
    expect(log.data.infos).toEqual([
      expect.objectContaining({ name: 'datalogger.restart', state: 'done' }),
    ]);
  });

  it("hides the device from another company's installer and refuses a viewer with code 2", async () => {
    const other = await buildCompanyWithStaff(t.deps);
    const outsider = await callEndpoint(t.app, shutdownInverter, {
      params: { sn: inverterSn },
      token: other.adminToken,
    });
    expect(outsider.code).toBe(ErrorCode.inverterNotFound);
    const gateway = await callEndpoint(t.app, restartGateway, {
      params: { sn: dataloggerSn },
      token: other.adminToken,
    });
    expect(gateway.code).toBe(ErrorCode.dataloggerNotFound);
    const log = await callEndpoint(t.app, listCommunicationLog, {
      query: { sn: inverterSn },
      token: other.adminToken,
    });
    expect(log.data.total).toBe(0);
    const viewer = await buildUser(t.deps, { kind: 'staff', companyId: installer.companyId });
    const refused = await callEndpoint(t.app, shutdownInverter, {
      params: { sn: inverterSn },
      token: await tokenFor(t.deps, viewer.id),
    });
    expect(refused.code).toBe(ErrorCode.noPermission);
  });
});

describe('withdrawing a queued command', () => {
  /** A datalogger that holds its first command until told, with a debug command queued behind it. */
  async function queuedBehindHeldCommand() {
    const received: string[] = [];
    let release: () => Promise<void> = async () => undefined;
    const device = await scriptedDatalogger(async (command, link) => {
      received.push(command.id);
      release = () => link.reply({ id: command.id, state: 'done', result: { switch: 'off' } });
    });
    const held = callEndpoint(t.app, shutdownInverter, {
      params: { sn: device.inverterSn },
      token: installer.token,
    });
    await until(async () => received.length === 1);
    const queued = callEndpoint(t.app, debugGateway, {
      params: { sn: device.sn },
      token: installer.token,
      body: { payload: 'AT+NEVER' },
    });
    let queuedId = '';
    await until(async () => {
      const [row] = await commandRows(device.sn);
      queuedId = row?.state === 'queued' ? row.id : '';
      return queuedId !== '';
    });
    return { device, received, held, queued, queuedId, release: () => release() };
  }

  it('withdraws it: never sent, its waiting call answers 608, who and when are stored', async () => {
    const { device, received, held, queued, queuedId, release } = await queuedBehindHeldCommand();
    const res = await callEndpoint(t.app, cancelCommand, {
      params: { id: queuedId },
      token: installer.token,
    });
    expect(res.code, res.msg).toBe(ErrorCode.ok);
    expect(res.data).toMatchObject({ id: queuedId, state: 'cancelled' });
    expect(res.data.cancelledBy).toMatch(/@/);
    const waiting = await queued;
    expect(waiting.code).toBe(ErrorCode.commandCancelled);
    expect(waiting.data.state).toBe('cancelled');
    await release();
    expect((await held).code).toBe(ErrorCode.ok);
    const [row] = await commandRows(device.sn);
    expect(row).toMatchObject({ state: 'cancelled', cancelled_by: installer.adminId });
    const audit = await t.deps.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('action', '=', 'command.cancelled')
      .where('target', 'like', `command ${queuedId} %`)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_id: installer.adminId })]);
    expect(row!.sent_at).toBeNull();
    expect(row!.finished_at).not.toBeNull();
    // The queue moved on with nothing left to send: the device only ever saw the held command.
    expect(received).toHaveLength(1);
    expect(received).not.toContain(queuedId);
  });

  it('refuses a command no longer queued (609), another company (610), a role without the permission (2)', async () => {
    const { held, queued, queuedId, release } = await queuedBehindHeldCommand();
    const other = await buildCompanyWithStaff(t.deps);
    const outsider = await callEndpoint(t.app, cancelCommand, {
      params: { id: queuedId },
      token: other.adminToken,
    });
    expect(outsider.code).toBe(ErrorCode.commandNotFound);
    // Sees the log, but may not send debug commands.
    const viewer = await buildStaffWith(t.deps, installer.companyId, ['equip.view']);
    const refused = await callEndpoint(t.app, cancelCommand, {
      params: { id: queuedId },
      token: viewer.token,
    });
    expect(refused.code).toBe(ErrorCode.noPermission);
    await release();
    const heldAnswer = await held;
    expect(heldAnswer.code).toBe(ErrorCode.ok);
    const finished = await callEndpoint(t.app, cancelCommand, {
      params: { id: heldAnswer.data.id },
      token: installer.token,
    });
    expect(finished.code).toBe(ErrorCode.commandNotCancellable);
    expect((await queued).code).toBe(ErrorCode.timeout);
  });
});

describe('failure paths', () => {
  it('refuses an offline device at once with 602 and stores nothing', async () => {
    const { sn, inverterSn, link } = await scriptedDatalogger(async () => undefined);
    await link.close();
    // An external broker's presence is not trusted: there the 15-minute silence rule applies.
    if (telemetry.isExternalBroker) {
      await t.deps.db
        .updateTable('devices')
        .set({ status: 'offline' })
        .where('sn', '=', inverterSn)
        .execute();
    }
    await until(async () => (await deviceOf(inverterSn))?.status === 'offline');
    for (const [endpoint, target] of [
      [shutdownInverter, inverterSn],
      [restartGateway, sn],
    ] as const) {
      const res = await callEndpoint(t.app, endpoint, {
        params: { sn: target },
        token: installer.token,
      });
      expect(res.code).toBe(ErrorCode.deviceOffline);
    }
    expect(await commandRows(inverterSn)).toHaveLength(0);
    expect(await commandRows(sn)).toHaveLength(0);
  });

  it('answers 1 at the deadline when the device stays silent, state timedOut', async () => {
    const { inverterSn } = await scriptedDatalogger(async () => {
      // Accepts nothing, answers nothing.
    });
    const res = await callEndpoint(t.app, shutdownInverter, {
      params: { sn: inverterSn },
      token: installer.token,
    });
    expect(res.code).toBe(ErrorCode.timeout);
    expect(res.data.state).toBe('timedOut');
    const [row] = await commandRows(inverterSn);
    expect(row!.state).toBe('timedOut');
    expect(row!.finished_at!.getTime()).toBeGreaterThanOrEqual(row!.deadline.getTime());
  });

  it('ignores malformed replies, unknown ids and replies for another datalogger', async () => {
    let commandId = '';
    const victim = await scriptedDatalogger(async (command) => {
      commandId = command.id;
    });
    const attacker = await scriptedDatalogger(async () => undefined);
    const pending = callEndpoint(t.app, shutdownInverter, {
      params: { sn: victim.inverterSn },
      token: installer.token,
    });
    await until(async () => commandId !== '');
    const ignoredBefore = commandCounters.ignoredTotal;
    const forged = JSON.stringify({ id: commandId, state: 'done' });
    // Through the attacker's own connection: another datalogger's reply topic is refused by the
    // embedded broker; on an external broker the key in the payload does not match.
    const client = await mqtt.connectAsync(telemetry.brokerUrl, {
      clientId: attacker.sn,
      username: attacker.sn,
      password: (
        await t.deps.db
          .selectFrom('dataloggers')
          .select('registration_key')
          .where('sn', '=', attacker.sn)
          .executeTakeFirstOrThrow()
      ).registration_key,
    });
    await client.publishAsync(COMMAND_TOPICS.reply(attacker.sn), forged, { qos: 1 });
    await client.publishAsync(COMMAND_TOPICS.reply(attacker.sn), '{not json', { qos: 1 });
    await client.publishAsync(
      COMMAND_TOPICS.reply(attacker.sn),
      JSON.stringify({ id: randomUUID(), state: 'done', key: 'x' }),
      { qos: 1 },
    );
    await client.publishAsync(COMMAND_TOPICS.reply(attacker.sn), JSON.stringify({ id: 5 }), {
      qos: 1,
    });
    await until(async () => commandCounters.ignoredTotal >= ignoredBefore + 4);
    await client.endAsync();
    const res = await pending;
    expect(res.code).toBe(ErrorCode.timeout);
    expect(res.data.state).toBe('timedOut');
  });

  it('survives a server restart: the command sent before is completed after the restart', async () => {
    let answerNow = false;
    const seen: string[] = [];
    const { inverterSn, link } = await scriptedDatalogger(async (command, self) => {
      seen.push(command.id);
      if (!answerNow) return;
      await self.reply({ id: command.id, state: 'accepted' });
      await self.reply({ id: command.id, state: 'done' });
    });
    void link;
    // A second process with a long deadline sends, then stops before any answer.
    const { channel: first, running } = await shutdownFromAnotherProcess(
      inverterSn,
      installer.adminId,
      30_000,
    );
    await until(async () => seen.length >= 1);
    await first.stop();
    await running;
    expect((await commandRows(inverterSn))[0]!.state).toBe('sent');

    // The restarted process sends it again; this time the device answers.
    answerNow = true;
    const second = await startedChannel();
    const sentBefore = seen.length;
    await until(async () => (await commandRows(inverterSn))[0]!.state === 'done');
    expect(seen.length).toBeGreaterThan(sentBefore);
    expect(new Set(seen).size).toBe(1);
    await second.stop();
  });

  it('serves an HTTP-only datalogger: commands in the upload answer, reply over HTTP', async () => {
    const { sn, key, inverterSn } = await simulatedPlant();
    const headers = { 'x-datalogger-sn': sn, 'x-datalogger-key': key };
    const upload = (ts: string) =>
      callEndpoint(t.app, ingestData, {
        headers,
        body: { ts, devices: [{ sn: inverterSn, kind: 'inverter', values: { pac_w: 500 } }] },
      });
    expect((await upload(new Date(Date.now() - 2000).toISOString())).data.commands).toBeUndefined();
    const pending = callEndpoint(t.app, shutdownInverter, {
      params: { sn: inverterSn },
      token: installer.token,
    });
    let command: { id: string; name: string; target: string } | undefined;
    await until(async () => {
      command = (await upload(new Date().toISOString())).data.commands?.[0];
      return command !== undefined;
    });
    expect(command).toMatchObject({ name: 'inverter.shutdown', target: inverterSn });
    const refusedBefore = commandCounters.ignored.credentials;
    const bad = await callEndpoint(t.app, ingestReply, {
      headers: { ...headers, 'x-datalogger-key': 'wrong' },
      body: { id: command!.id, state: 'done' },
    });
    expect(bad.code).toBe(ErrorCode.dataloggerCredentials);
    expect(commandCounters.ignored.credentials).toBe(refusedBefore + 1);
    const reply = await callEndpoint(t.app, ingestReply, {
      headers,
      body: { id: command!.id, state: 'done', result: { switch: 'off' } },
    });
    expect(reply.data.accepted).toBe(true);
    const res = await pending;
    expect(res.code, res.msg).toBe(ErrorCode.ok);
    expect(res.data.state).toBe('done');
  });

  it('times out at start-up what passed its deadline while the server was down', async () => {
    const { inverterSn } = await scriptedDatalogger(async () => {
      // Silent.
    });
    const { channel: first, running } = await shutdownFromAnotherProcess(
      inverterSn,
      installer.adminId,
      400,
    );
    await until(async () => (await commandRows(inverterSn))[0]?.state === 'sent');
    await first.stop();
    await running;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = await startedChannel();
    expect((await commandRows(inverterSn))[0]!.state).toBe('timedOut');
    await second.stop();
  });
});
