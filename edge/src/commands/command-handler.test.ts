import type { CommandMessage, CommandReply } from '@solar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModbusBus } from '../modbus/modbus-bus.js';
import { SunSpecDevice } from '../sunspec/sunspec-device.js';
import { THREE_PHASE_INVERTER } from '../test/demo-devices.js';
import { SunSpecDeviceServer } from '../test/sunspec-device-server.js';
import { CommandHandler } from './command-handler.js';

/** Model 123 of the demo inverter starts at 40177: Conn at +4, WMaxLimPct +5, WMaxLim_Ena +9. */
const CONTROLS = 40_002 + 68 + 52 + 50 + 5;
const quietLog = { info: () => undefined, warn: () => undefined };

let server: SunSpecDeviceServer;
let bus: ModbusBus;
let device: SunSpecDevice;
const replies: CommandReply[] = [];
let reports = 0;
let handler: CommandHandler;

const command = (
  name: string,
  args: Record<string, unknown> = {},
  id = `${name}-${Math.random()}`,
): CommandMessage => ({
  id,
  target: 'INV-SUNSPEC-1',
  name,
  args,
  deadline: new Date(Date.now() + 20_000).toISOString(),
});

const finalReplyOf = (id: string) =>
  replies.filter((reply) => reply.id === id && reply.state !== 'accepted');

beforeAll(async () => {
  server = await SunSpecDeviceServer.start({ 1: THREE_PHASE_INVERTER });
  bus = new ModbusBus({ modbus: server.url, unitIds: [1], timeoutMs: 500 });
  device = (await SunSpecDevice.discover(bus, 1, quietLog))!;
  handler = new CommandHandler({
    ownSn: 'EDGE-1',
    deviceOf: (sn) => (sn === device.sn ? device : undefined),
    reportNow: async () => {
      reports += 1;
    },
    restart: async () => undefined,
    reply: async (reply) => {
      replies.push(reply);
    },
  });
});
afterAll(async () => {
  await bus.close();
  await server.stop();
});

describe('commands on a SunSpec inverter', () => {
  it('limits the active power through model 123 and answers the limit read back', async () => {
    const write = command('settings.write', { values: { activePowerLimitPct: 60 } });
    await handler.handle(write);
    expect(await server.registers(1, CONTROLS + 5, 1)).toEqual([60]);
    expect(await server.registers(1, CONTROLS + 9, 1)).toEqual([1]);
    expect(finalReplyOf(write.id)).toEqual([
      { id: write.id, state: 'done', result: { values: { activePowerLimitPct: 60 } } },
    ]);
    expect(reports).toBe(1);

    const read = command('settings.read', { keys: ['activePowerLimitPct'] });
    await handler.handle(read);
    expect(finalReplyOf(read.id)[0]?.result).toEqual({ values: { activePowerLimitPct: 60 } });
  });

  it('refuses at once what a SunSpec inverter cannot do', async () => {
    const unknownSetting = command('settings.write', { values: { gridCode: 'VDE' } });
    const firmware = command('upgrade.start', { firmwareId: 1 });
    await handler.handle(unknownSetting);
    await handler.handle(firmware);
    expect(finalReplyOf(unknownSetting.id)[0]).toMatchObject({
      state: 'failed',
      reason: 'Unknown setting gridCode for a SunSpec inverter',
    });
    expect(finalReplyOf(firmware.id)[0]).toMatchObject({
      state: 'failed',
      reason: 'A SunSpec device behind the edge agent cannot do upgrade.start',
    });
  });

  it('answers a command sent again as before, without doing it twice', async () => {
    const shutdown = command('inverter.shutdown', {}, 'again-1');
    await handler.handle(shutdown);
    await server.setRegisters(1, CONTROLS + 4, [1]);
    await handler.handle(shutdown);
    expect(finalReplyOf('again-1')).toEqual([
      { id: 'again-1', state: 'done', result: { switch: 'off' } },
      { id: 'again-1', state: 'done', result: { switch: 'off' } },
    ]);
    // The repeated command was answered from memory: the device was left as it was set.
    expect(await server.registers(1, CONTROLS + 4, 1)).toEqual([1]);
  });

  it('does not act on a command whose deadline has passed', async () => {
    const late = {
      ...command('inverter.shutdown'),
      deadline: new Date(Date.now() - 1000).toISOString(),
    };
    await handler.handle(late);
    expect(finalReplyOf(late.id)[0]).toMatchObject({ state: 'failed' });
    expect(await server.registers(1, CONTROLS + 4, 1)).toEqual([1]);
  });
});
