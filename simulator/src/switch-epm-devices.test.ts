import { randomUUID } from 'node:crypto';
import { type DataloggerRecord, LEAKAGE_TEST_SECONDS } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { CommandResponder } from './command-responder.js';

const command = (name: string, target: string, args: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  target,
  name,
  args,
  deadline: new Date(Date.now() + 20_000).toISOString(),
});
const exporting: DataloggerRecord = {
  ts: new Date().toISOString(),
  devices: [
    { sn: 'INV1', kind: 'inverter', values: { pac_w: 8000, status: 'normal' } },
    { sn: 'MET1', kind: 'meter', values: { p_grid_w: -6000 } },
  ],
};

function responder() {
  return new CommandResponder({
    dataloggerSn: 'DL1',
    inverters: [{ sn: 'INV1' }],
    otherDevices: ['MET1'],
    switches: [{ sn: 'SW1', loadW: 2000 }],
    epm: { sn: 'EPM1', ratedAcW: 10_000 },
    random: () => 0.5,
  });
}

const valuesOf = (record: DataloggerRecord, sn: string) =>
  record.devices.find((device) => device.sn === sn)!.values as Record<string, unknown>;

describe('simulated switch and EPM', () => {
  it('switches off and on: the state, the drawn power and the meter follow', () => {
    const device = responder();
    const on = device.apply(exporting, 60);
    expect(valuesOf(on, 'SW1')).toMatchObject({ state: 'on', p_w: 2000 });
    // The switched load is part of the site: 2 kW less export.
    expect(valuesOf(on, 'MET1')).toEqual({ p_grid_w: -4000 });
    const off = device.handle(command('switch.off', 'SW1'));
    expect(off?.replies.at(-1)).toMatchObject({ state: 'done', result: { state: 'off' } });
    const switchedOff = device.apply(exporting, 60);
    expect(valuesOf(switchedOff, 'SW1')).toMatchObject({ state: 'off', p_w: 0 });
    expect(valuesOf(switchedOff, 'MET1')).toEqual({ p_grid_w: -6000 });
    device.handle(command('switch.on', 'SW1'));
    expect(valuesOf(device.apply(exporting, 60), 'SW1')).toMatchObject({ state: 'on' });
  });

  it('answers the leakage test after the 10 s power cut, which the readings show', () => {
    const device = responder();
    const outcome = device.handle(command('switch.leakageTest', 'SW1'));
    expect(outcome?.lastReplyDelayMs).toBe(LEAKAGE_TEST_SECONDS * 1000);
    const result = outcome!.replies.at(-1)!.result!;
    expect(result.passed).toBe(true);
    expect(Date.parse(String(result.finished_at)) - Date.parse(String(result.started_at))).toBe(
      LEAKAGE_TEST_SECONDS * 1000,
    );
    expect(valuesOf(device.apply(exporting, 1), 'SW1')).toMatchObject({ state: 'on', p_w: 0 });
  });

  it('refuses switch commands to a device that is no switch', () => {
    const outcome = responder().handle(command('switch.off', 'INV1'));
    expect(outcome?.replies.at(-1)).toMatchObject({ state: 'failed' });
  });

  it('shows a shut-down inverter’s power bought from the grid at the meter', () => {
    const device = responder();
    device.handle(command('inverter.shutdown', 'INV1'));
    device.handle(command('switch.off', 'SW1'));
    const off = device.apply(exporting);
    expect(valuesOf(off, 'INV1')).toMatchObject({ pac_w: 0, switch: 'off' });
    expect(valuesOf(off, 'MET1')).toEqual({ p_grid_w: 2000 });
    expect(valuesOf(off, 'EPM1')).toMatchObject({ p_grid_w: 2000 });
  });

  it('applies a written export limit: reads it back and curtails the inverters', () => {
    const device = responder();
    device.handle(command('switch.off', 'SW1'));
    expect(valuesOf(device.apply(exporting), 'EPM1')).toEqual({
      p_grid_w: -6000,
      export_limit_w: 10_000,
    });
    const written = device.handle(
      command('settings.write', 'EPM1', {
        values: { exportLimitMode: 'percent', exportLimit: 20, failSafeMode: 'holdLimit' },
      }),
    );
    expect(written?.replies.at(-1)?.result).toEqual({
      values: { exportLimitMode: 'percent', exportLimit: 20, failSafeMode: 'holdLimit' },
    });
    const limited = device.apply(exporting);
    expect(valuesOf(limited, 'EPM1')).toEqual({ p_grid_w: -2000, export_limit_w: 2000 });
    expect(valuesOf(limited, 'MET1')).toEqual({ p_grid_w: -2000 });
    expect(valuesOf(limited, 'INV1')).toMatchObject({ pac_w: 4000 });
  });
});
