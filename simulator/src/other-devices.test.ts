import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CommandResponder } from './command-responder.js';
import { PlantSimulator } from './plant-simulator.js';
import { simulatedPlant } from './plant-config.js';

const plant = simulatedPlant.parse({
  latitude: 48.1,
  longitude: 11.6,
  timeZone: 'Europe/Berlin',
  datalogger: { sn: 'DL1', key: 'KEY1' },
  inverters: [{ sn: 'INV1', dcKwp: 10, ratedAcKw: 8 }],
  boxes: [{ sn: 'BOX1', strings: 4, weakString: 2 }],
  heatPumps: [{ sn: 'HP1', ratedKw: 6 }],
  storageSystems: [{ sn: 'ESS1', capacityKwh: 20, maxPowerKw: 10 }],
});

const command = (name: string, target: string, args: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  target,
  name,
  args,
  deadline: new Date(Date.now() + 20_000).toISOString(),
});

describe('combiner boxes, heat pumps and storage systems', () => {
  it('report string currents with the sun (the weak string lower), pump power and charge', () => {
    const simulator = new PlantSimulator(plant, { hasIncidents: false, cloudCover: 0 });
    const noon = simulator.step(new Date('2026-06-21T11:00:00Z'), 300);
    const night = simulator.step(new Date('2026-06-21T23:00:00Z'), 300);
    const box = (record: typeof noon) => record.devices.find((d) => d.sn === 'BOX1')!;
    const strings = box(noon).values.strings as { v: number; i: number }[];
    expect(strings).toHaveLength(4);
    expect(strings[0]!.i).toBeGreaterThan(5);
    expect(strings[1]!.i).toBeLessThan(strings[0]!.i * 0.7);
    expect((box(night).values.strings as { i: number }[])[0]!.i).toBe(0);
    const pump = night.devices.find((d) => d.sn === 'HP1')!;
    expect(pump.values).toMatchObject({ state: 'on', mode: 'heating' });
    expect(pump.values.p_w).toBeGreaterThan(0);
    const ess = noon.devices.find((d) => d.sn === 'ESS1')!;
    expect(ess.values.p_bat_w).toBeLessThan(0);
    expect(ess.values.charge_kwh_total).toBeGreaterThan(0);
  });

  it('answers the family settings of their kind and reports state and mode as set', () => {
    const responder = new CommandResponder({
      dataloggerSn: 'DL1',
      inverters: [{ sn: 'INV1' }],
      otherDevices: ['BAT1', 'HP1'],
      deviceKinds: { BAT1: 'battery', HP1: 'heat_pump' },
    });
    const read = responder.handle(command('settings.read', 'BAT1'));
    expect(read?.replies.at(-1)?.result).toMatchObject({
      values: { work_mode: 'self_consumption', backup_reserve_pct: 20 },
    });
    const written = responder.handle(
      command('settings.write', 'HP1', { values: { state: 'off', mode: 'hot_water' } }),
    );
    expect(written?.replies.at(-1)).toMatchObject({ state: 'done' });
    const record = responder.apply({
      ts: '2026-06-21T11:00:00Z',
      devices: [
        { sn: 'HP1', kind: 'heat_pump', values: { state: 'on', mode: 'heating', p_w: 2000 } },
        { sn: 'MET1', kind: 'meter', values: { p_grid_w: 500, p_load_w: 3000 } },
      ],
    });
    expect(record.devices[0]!.values).toEqual({ state: 'off', mode: 'hot_water', p_w: 0 });
    // The site no longer draws the pump's 2 kW: the meter sees less load and exports instead.
    expect(record.devices[1]!.values).toEqual({ p_grid_w: -1500, p_load_w: 1000 });
  });
});
