import { randomUUID } from 'node:crypto';
import type { DataloggerRecord } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { CommandResponder } from './command-responder.js';

const soon = () => new Date(Date.now() + 20_000).toISOString();
const command = (name: string, target: string, args: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  target,
  name,
  args,
  deadline: soon(),
});
const producing: DataloggerRecord = {
  ts: '2026-06-01T12:00:00.000Z',
  devices: [
    {
      sn: 'INV1',
      kind: 'inverter',
      values: { pac_w: 4200, status: 'normal', ac: [{ v: 230, i: 6 }] },
    },
    { sn: 'MET1', kind: 'meter', values: { p_grid_w: -3000 } },
  ],
};

function responder(dropRate = 0) {
  return new CommandResponder({
    dataloggerSn: 'DL1',
    inverters: [{ sn: 'INV1', model: '3303' }],
    otherDevices: ['MET1'],
    dropRate,
  });
}

describe('CommandResponder', () => {
  it('shuts an inverter down: accepted, done, then 0 W and standby on top of the simulation', () => {
    const device = responder();
    const outcome = device.handle(command('inverter.shutdown', 'INV1'));
    expect(outcome?.replies.map((reply) => reply.state)).toEqual(['accepted', 'done']);
    expect(outcome?.after).toBe('publishRecord');
    const inverter = device.apply(producing).devices[0]!;
    expect(inverter.values).toMatchObject({ switch: 'off', pac_w: 0, status: 'standby' });
    // The house now buys what the inverter exported and what it covered itself.
    expect(device.apply(producing).devices[1]!.values).toEqual({ p_grid_w: 1200 });
    device.handle(command('inverter.boot', 'INV1'));
    expect(device.apply(producing).devices[0]!.values).toMatchObject({
      switch: 'on',
      pac_w: 4200,
    });
  });

  it("stores settings per device from its model's register map and reads them back; unknown keys fail with a reason", () => {
    const device = responder();
    const written = device.handle(
      command('settings.write', 'INV1', { values: { activePowerLimitPct: 70 } }),
    );
    expect(written?.replies.at(-1)).toMatchObject({
      state: 'done',
      result: { values: { activePowerLimitPct: 70 } },
    });
    const read = device.handle(command('settings.read', 'INV1'));
    expect(read?.replies.at(-1)?.result?.values).toMatchObject({
      activePowerLimitPct: 70,
      gridCode: 'VDE-AR-N 4105',
      batteryWorkMode: 'selfConsumption',
    });
    const other = device.handle(command('settings.read', 'MET1'));
    expect(other?.replies.at(-1)?.result?.values).toEqual({
      transport: 'mqtt',
      reportingIntervalS: 300,
    });
    const bad = device.handle(command('settings.write', 'INV1', { values: { foo: 1 } }));
    expect(bad?.replies.at(-1)).toMatchObject({ state: 'failed', reason: 'Unknown setting foo' });
  });

  it('changes the grid code only while the inverter is shut down', () => {
    const device = responder();
    const write = () =>
      device.handle(command('settings.write', 'INV1', { values: { gridCode: 'EN 50549-1' } }));
    expect(write()?.replies.at(-1)).toMatchObject({
      state: 'failed',
      reason: 'The grid code can be changed only while the inverter is shut down',
    });
    device.handle(command('inverter.shutdown', 'INV1'));
    expect(write()?.replies.at(-1)).toMatchObject({
      state: 'done',
      result: { values: { gridCode: 'EN 50549-1' } },
    });
  });

  it('fails unknown commands and targets, restarts only itself, ignores what is no command', () => {
    const device = responder();
    expect(device.handle(command('inverter.dance', 'INV1'))?.replies.at(-1)).toMatchObject({
      state: 'failed',
      reason: 'Unknown command inverter.dance',
    });
    expect(device.handle(command('inverter.boot', 'NOPE'))?.replies.at(-1)?.reason).toBe(
      'Unknown target NOPE',
    );
    expect(device.handle(command('inverter.boot', 'MET1'))?.replies.at(-1)?.state).toBe('failed');
    expect(device.handle(command('datalogger.restart', 'DL1'))?.after).toBe('restart');
    expect(device.handle({ id: 5 })).toBeNull();
  });

  it('repeats its final answer for a command sent again and acts once', () => {
    const device = responder();
    const shutdown = command('inverter.shutdown', 'INV1');
    device.handle(shutdown);
    const again = device.handle(shutdown);
    expect(again).toEqual({ replies: [expect.objectContaining({ state: 'done' })], after: 'none' });
  });

  it('leaves commands unanswered at the drop rate, and those past their deadline', () => {
    expect(responder(1).handle(command('inverter.shutdown', 'INV1'))?.replies).toEqual([]);
    const late = { ...command('inverter.shutdown', 'INV1'), deadline: '2020-01-01T00:00:00Z' };
    expect(responder().handle(late)?.replies).toEqual([]);
  });
});
