import type { DeviceReading } from '@solar/contract';
import {
  startSunSpecServer,
  SUNSPEC_DEMO_COUNTERS,
  SUNSPEC_DEMO_SITE,
  SunSpecSite,
  type SunSpecServer,
} from '@solar/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModbusBus } from '../modbus/modbus-bus.js';
import { freePort } from '../test/sunspec-device-server.js';
import { SunSpecDevice } from './sunspec-device.js';

const quietLog = { info: () => undefined, warn: () => undefined };
const [INVERTER] = SUNSPEC_DEMO_SITE.inverters;
const RATED_W = INVERTER!.ratedAcKw * 1000;

/** The values the simulator gives that SunSpec has registers for (not the day's yield or codes). */
function servedValues(reading: DeviceReading | undefined) {
  if (reading?.kind !== 'inverter') throw new Error('no inverter reading');
  const values: Partial<typeof reading.values> = { ...reading.values };
  delete values.e_day_kwh;
  delete values.fault_codes;
  return values;
}

/** What the agent reads from an inverter now. */
async function inverterValues(device: SunSpecDevice) {
  const reading = await device.read();
  if (reading?.kind !== 'inverter') throw new Error(`${device.sn} reads as no inverter`);
  return reading.values;
}

describe("the simulator's SunSpec devices read by the edge agent", () => {
  // A clear June noon in Stuttgart: the 8 kWp roof gives well over half the inverter's rating.
  let clock = new Date('2026-06-21T11:00:00Z');
  let site: SunSpecSite;
  let server: SunSpecServer;
  let bus: ModbusBus;
  let inverter: SunSpecDevice;

  beforeAll(async () => {
    site = new SunSpecSite(SUNSPEC_DEMO_SITE, {
      cloudCover: 0,
      counters: SUNSPEC_DEMO_COUNTERS,
      now: () => clock,
    });
    server = await startSunSpecServer(site, { host: '127.0.0.1', port: await freePort() });
    bus = new ModbusBus({
      modbus: `tcp://127.0.0.1:${server.port}`,
      unitIds: [1, 2, 3],
      timeoutMs: 2000,
    });
    const found = await SunSpecDevice.discover(bus, 1, quietLog);
    if (!found) throw new Error('no SunSpec device at unit 1');
    inverter = found;
  });
  afterAll(async () => {
    await bus.close();
    await server.close();
  });

  it('discovers the inverter and reads the simulated values after scale factors', async () => {
    expect(inverter.sn).toBe('SUNSPECINV01');
    expect(inverter.modelIds).toEqual([1, 103, 160, 123]);
    const reading = await inverter.read();
    const simulated = servedValues(site.reading('SUNSPECINV01'));
    expect(simulated.pac_w).toBeGreaterThan(RATED_W / 2);
    expect(simulated.pv).toHaveLength(2);
    expect(reading).toEqual({
      sn: 'SUNSPECINV01',
      model: 'SIM-PV-7K',
      sunspecModels: [1, 103, 160, 123],
      kind: 'inverter',
      values: { ...simulated, status: 'normal', switch: 'on' },
    });
  });

  it('discovers the meter and the battery with the simulated values', async () => {
    const meter = await SunSpecDevice.discover(bus, 2, quietLog);
    const battery = await SunSpecDevice.discover(bus, 3, quietLog);
    expect(meter?.modelIds).toEqual([1, 203]);
    expect(battery?.modelIds).toEqual([1, 802]);
    const simulatedMeter = site.reading('SUNSPECMET01');
    const simulatedBattery = site.reading('SUNSPECBAT01');
    const simulatedInverter = servedValues(site.reading('SUNSPECINV01'));
    if (simulatedMeter?.kind !== 'meter' || simulatedBattery?.kind !== 'battery')
      throw new Error('the demo site has a meter and a battery');
    expect((await meter?.read())?.values).toEqual({
      import_kwh_total: simulatedMeter.values.import_kwh_total,
      export_kwh_total: simulatedMeter.values.export_kwh_total,
      p_grid_w: simulatedMeter.values.p_grid_w,
      freq_hz: simulatedInverter.freq_hz,
    });
    expect((await battery?.read())?.values).toEqual({
      soc_pct: simulatedBattery.values.soc_pct,
      p_bat_w: simulatedBattery.values.p_bat_w,
    });
  });

  it('shuts the inverter down and boots it through Conn: power, state and energy follow', async () => {
    const producing = await inverterValues(inverter);
    expect(await inverter.switchTo(false)).toBe(false);
    const off = await inverterValues(inverter);
    expect(off).toMatchObject({ pac_w: 0, switch: 'off', status: 'standby' });
    expect(off.pv?.map((string) => string.i)).toEqual([0, 0]);
    // A minute later the roof still shines, but the disconnected inverter counts no energy.
    clock = new Date(clock.getTime() + 60_000);
    expect(await inverterValues(inverter)).toMatchObject({
      pac_w: 0,
      e_total_kwh: producing.e_total_kwh,
    });
    expect(await inverter.switchTo(true)).toBe(true);
    const on = await inverterValues(inverter);
    expect(on).toMatchObject({ switch: 'on', status: 'normal' });
    expect(on.pac_w).toBeGreaterThan(RATED_W / 2);
    clock = new Date(clock.getTime() + 60_000);
    expect((await inverterValues(inverter)).e_total_kwh).toBeGreaterThan(producing.e_total_kwh!);
  });

  it('holds the output to a power limit written to WMaxLimPct and WMaxLim_Ena', async () => {
    expect(await inverter.limitPowerTo(40)).toBe(40);
    expect((await inverterValues(inverter)).pac_w).toBe(0.4 * RATED_W);
    expect(site.reading('SUNSPECINV01')).toMatchObject({ values: { pac_w: 0.4 * RATED_W } });
    expect(await inverter.limitPowerTo(100)).toBe(100);
    expect((await inverterValues(inverter)).pac_w).toBeGreaterThan(0.4 * RATED_W);
  });

  it('refuses writes outside the controls with a Modbus exception, as a device does', async () => {
    await expect(bus.write(1, 40_000, [1])).rejects.toThrow(/exception 2/i);
    await expect(bus.read(7, 40_000, 2)).rejects.toThrow(/exception 11/i);
  });
});
