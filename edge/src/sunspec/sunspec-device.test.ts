import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModbusBus } from '../modbus/modbus-bus.js';
import { BATTERY, GRID_METER, THREE_PHASE_INVERTER } from '../test/demo-devices.js';
import { SunSpecDeviceServer } from '../test/sunspec-device-server.js';
import { SunSpecDevice } from './sunspec-device.js';

const quietLog = { info: () => undefined, warn: () => undefined };

describe.each(['socket', 'rtu'] as const)(
  'SunSpec devices served by pymodbus (%s framing)',
  (framer) => {
    let server: SunSpecDeviceServer;
    let bus: ModbusBus;

    beforeAll(async () => {
      server = await SunSpecDeviceServer.start(
        { 1: THREE_PHASE_INVERTER, 2: GRID_METER, 3: BATTERY },
        framer,
      );
      const scheme = framer === 'rtu' ? 'rtu+tcp' : 'tcp';
      bus = new ModbusBus({
        modbus: `${scheme}://127.0.0.1:${server.port}`,
        unitIds: [1, 2, 3],
        timeoutMs: 500,
      });
    });
    afterAll(async () => {
      await bus.close();
      await server.stop();
    });

    it('reads an inverter under its common model serial number, scale factors applied', async () => {
      const logged: string[] = [];
      const device = await SunSpecDevice.discover(bus, 1, {
        info: (line) => logged.push(line),
        warn: () => undefined,
      });
      expect(device?.sn).toBe('INV-SUNSPEC-1');
      expect(device?.modelIds).toEqual([1, 103, 160, 64_001, 123]);
      expect(logged).toEqual([
        'INV-SUNSPEC-1: skipping SunSpec model 64001, not known to this agent',
      ]);
      expect(await device?.read()).toEqual({
        sn: 'INV-SUNSPEC-1',
        model: 'Symo 10.0-3-M',
        sunspecModels: [1, 103, 160, 64_001, 123],
        kind: 'inverter',
        values: {
          pac_w: 4210,
          e_total_kwh: 10532.7,
          freq_hz: 50.01,
          pf: 0.998,
          temp_c: 41.5,
          ac: [
            { v: 231.2, i: 6.1 },
            { v: 229.8, i: 6.1 },
            { v: 230.5, i: 6.12 },
          ],
          pv: [
            { v: 612.4, i: 3.61 },
            { v: 608.9, i: 3.52 },
          ],
          status: 'normal',
          switch: 'on',
        },
      });
    });

    it('finds maps at 0 and 50000 and reads a meter and a battery', async () => {
      const meter = await SunSpecDevice.discover(bus, 2, quietLog);
      const battery = await SunSpecDevice.discover(bus, 3, quietLog);
      expect(await meter?.read()).toMatchObject({
        sn: 'MET-SUNSPEC-1',
        kind: 'meter',
        values: { import_kwh_total: 2311.2, export_kwh_total: 4102.9, p_grid_w: 950, freq_hz: 50 },
      });
      expect(await battery?.read()).toMatchObject({
        sn: 'BAT-SUNSPEC-1',
        kind: 'battery',
        values: { soc_pct: 63.5, p_bat_w: -460 },
      });
    });

    it('leaves out what the device does not implement instead of reporting its marker', async () => {
      const meter = await SunSpecDevice.discover(bus, 2, quietLog);
      const reading = await meter?.read();
      // The served meter implements no per-phase currents and no power factor: none appear.
      expect(Object.keys(reading?.values ?? {}).sort()).toEqual([
        'export_kwh_total',
        'freq_hz',
        'import_kwh_total',
        'p_grid_w',
      ]);
    });

    it('switches an inverter off and on through model 123 Conn, read back from the device', async () => {
      const device = await SunSpecDevice.discover(bus, 1, quietLog);
      // After `SunS` at 40000: model 1 (2 + 66 registers), 103 (2 + 50), 160 (2 + 8 + 2 × 20),
      // the vendor model (2 + 3), then 123, whose Conn follows ID, L, Conn_WinTms, Conn_RvrtTms.
      const conn = 40_002 + 68 + 52 + 50 + 5 + 4;
      expect(await device?.switchTo(false)).toBe(false);
      expect(await server.registers(1, conn, 1)).toEqual([0]);
      expect((await device?.read())?.values).toMatchObject({ switch: 'off' });
      expect(await device?.switchTo(true)).toBe(true);
      expect(await server.registers(1, conn, 1)).toEqual([1]);
    });

    it('reports no device at a unit without a SunSpec map', async () => {
      expect(await SunSpecDevice.discover(bus, 9, quietLog)).toBeNull();
    });
  },
);
