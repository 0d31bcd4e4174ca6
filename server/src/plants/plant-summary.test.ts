import { localDate } from '@solar/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { plantSummary } from './plant-summary.js';
import {
  buildDatalogger,
  buildDevice,
  buildPlantWithDevices,
  insertEnergy,
} from '../test/fixtures/plants.factories.js';

let t: TestApp;
let ownerId: number;
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' });
  ownerId = (await buildUser(t.deps)).id;
});

function localDateIn(timeZone: string, offsetDays = 0): string {
  return localDate(timeZone, Date.now() + offsetDays * 86_400_000);
}

async function summaryOf(plantId: number) {
  return t.deps.db
    .selectFrom('plants')
    .leftJoinLateral(plantSummary, (join) => join.onTrue())
    .select(['summary.status', 'summary.power_w', 'summary.today_kwh', 'summary.today_rollup_kwh'])
    .where('plants.id', '=', plantId)
    .executeTakeFirstOrThrow();
}

async function setDevice(deviceId: number, values: { status?: string; pac_w?: number }) {
  await t.deps.db
    .updateTable('devices')
    .set({
      ...(values.status ? { status: values.status as never } : {}),
      ...(values.pac_w !== undefined
        ? { last_values: JSON.stringify({ pac_w: values.pac_w }) }
        : {}),
    })
    .where('id', '=', deviceId)
    .execute();
}

describe("a plant's stored summary", () => {
  it('follows any change of its devices: status, power while reporting, offline', async () => {
    const { plant, devices } = await buildPlantWithDevices(t.deps, ownerId, [
      { kind: 'inverter', lastValues: { pac_w: 1500 } },
      { kind: 'meter' },
    ]);
    const [inverter, meter] = devices;
    expect(await summaryOf(plant.id)).toMatchObject({ status: 'normal', power_w: 1500 });
    await setDevice(inverter!.id, { status: 'fault', pac_w: 200 });
    expect(await summaryOf(plant.id)).toMatchObject({ status: 'fault', power_w: 200 });
    await setDevice(inverter!.id, { status: 'offline' });
    expect(await summaryOf(plant.id)).toMatchObject({ status: 'warning', power_w: 0 });
    await setDevice(meter!.id, { status: 'offline' });
    expect(await summaryOf(plant.id)).toMatchObject({ status: 'offline', power_w: 0 });
    await t.deps.db.deleteFrom('devices').where('id', '=', meter!.id).execute();
    await setDevice(inverter!.id, { status: 'upgrading' });
    expect(await summaryOf(plant.id)).toMatchObject({ status: 'upgrading', power_w: 200 });
  });

  it('moves with a datalogger bound to another plant; a plant left without one is offline', async () => {
    const first = await buildPlantWithDevices(t.deps, ownerId, [{ lastValues: { pac_w: 900 } }]);
    const second = await buildPlantWithDevices(t.deps, ownerId, []);
    expect(await summaryOf(second.plant.id)).toMatchObject({ status: 'offline', power_w: 0 });
    await t.deps.db
      .updateTable('dataloggers')
      .set({ plant_id: second.plant.id })
      .where('id', '=', first.datalogger.id)
      .execute();
    expect(await summaryOf(second.plant.id)).toMatchObject({ status: 'normal', power_w: 900 });
    expect(await summaryOf(first.plant.id)).toMatchObject({ status: 'offline', power_w: 0 });
  });

  it("counts today's energy of the plant-local day only, also after its time zone changes", async () => {
    const { plant, devices } = await buildPlantWithDevices(
      t.deps,
      ownerId,
      [{ lastValues: { pac_w: 100 } }],
      { time_zone: 'Pacific/Kiritimati' },
    );
    const inverterId = devices[0]!.id;
    // Pago Pago is 25 hours behind Kiritimati: its today is another date than Kiritimati's.
    await insertEnergy(t.deps, inverterId, [
      { day: localDateIn('Pacific/Kiritimati', -3), energyKwh: 7 },
      { day: localDateIn('Pacific/Pago_Pago'), energyKwh: 4 },
      { day: localDateIn('Pacific/Kiritimati'), energyKwh: 12.5 },
    ]);
    expect(await summaryOf(plant.id)).toMatchObject({ today_kwh: 12.5, today_rollup_kwh: 12.5 });
    await t.deps.db
      .updateTable('plants')
      .set({ time_zone: 'Pacific/Pago_Pago' })
      .where('id', '=', plant.id)
      .execute();
    expect(await summaryOf(plant.id)).toMatchObject({ today_kwh: 4, today_rollup_kwh: 4 });
  });

  it('stops counting a day once it is over, before any new report', async () => {
    const { plant, devices } = await buildPlantWithDevices(t.deps, ownerId, [{}]);
    await insertEnergy(t.deps, devices[0]!.id, [{ day: localDateIn('UTC'), energyKwh: 3 }]);
    expect(await summaryOf(plant.id)).toMatchObject({ today_kwh: 3 });
    // As the summary reads after midnight: its day is yesterday.
    await sql`UPDATE datalogger_summaries SET day = day - 1
      WHERE datalogger_id IN (SELECT id FROM dataloggers WHERE plant_id = ${plant.id})`.execute(
      t.deps.db,
    );
    expect(await summaryOf(plant.id)).toMatchObject({ today_kwh: 0, today_rollup_kwh: 0 });
  });

  it('sums two dataloggers written by concurrent transactions', async () => {
    const { plant, datalogger } = await buildPlantWithDevices(t.deps, ownerId, []);
    const other = await buildDatalogger(t.deps, { plantId: plant.id });
    const first = await buildDevice(t.deps, datalogger.id, { lastValues: { pac_w: 0 } });
    const second = await buildDevice(t.deps, other.id, { lastValues: { pac_w: 0 } });
    let bothWrote!: () => void;
    const written = new Promise<void>((resolve) => (bothWrote = resolve));
    let writers = 0;
    const write = (deviceId: number, power: number) =>
      t.deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('devices')
          .set({ last_values: JSON.stringify({ pac_w: power }) })
          .where('id', '=', deviceId)
          .execute();
        if (++writers === 2) bothWrote();
        await written;
      });
    await Promise.all([write(first.id, 400), write(second.id, 600)]);
    expect(await summaryOf(plant.id)).toMatchObject({ status: 'normal', power_w: 1000 });
  });
});
