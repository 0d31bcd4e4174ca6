import { beforeAll, describe, expect, it } from 'vitest';
import type { KnownDatalogger } from '../broker/datalogger-directory.js';
import {
  buildPlantWithDatalogger,
  deviceIdOf,
  inverterRecord,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import { buildIngestionTestApp, type IngestionTestApp } from '../test/ingestion-test-app.js';
import { buildCompanyWithStaff, buildUser } from '../test/factories.js';
import { sendPendingAlarmMails } from './alarm-mails.js';
import { markSilentDevicesOffline } from './device-status.js';

let t: IngestionTestApp;
beforeAll(async () => {
  t = await buildIngestionTestApp();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function deviceRow(sn: string) {
  return t.deps.db
    .selectFrom('devices')
    .select(['status', 'last_values'])
    .where('sn', '=', sn)
    .executeTakeFirstOrThrow();
}

async function eventsOf(sn: string) {
  return t.deps.db
    .selectFrom('events')
    .select(['id', 'code', 'level', 'started_at', 'ended_at'])
    .where('device_id', '=', await deviceIdOf(t.deps, sn))
    .orderBy('id')
    .execute();
}

async function mailsFor(eventId: number) {
  return t.deps.db
    .selectFrom('mail_outbox')
    .select(['recipient', 'dedupe_key', 'subject'])
    .where('dedupe_key', 'like', `event:${eventId}:user:%`)
    .orderBy('recipient')
    .execute();
}

describe('events and device status', () => {
  it('raises an event when a fault code appears, closes it when it disappears, and sets the status', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const sn = uniqueSerial('INV');
    await t.service.ingestRecords(plant.datalogger, [
      inverterRecord(minutesAgo(10), sn, { pac_w: 500, status: 'normal', fault_codes: [] }),
    ]);
    expect((await deviceRow(sn)).status).toBe('normal');

    await t.service.ingestRecords(plant.datalogger, [
      inverterRecord(minutesAgo(8), sn, { pac_w: 0, status: 'fault', fault_codes: ['201'] }),
    ]);
    let events = await eventsOf(sn);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ code: '201', level: 1, ended_at: null });
    expect((await deviceRow(sn)).status).toBe('fault');

    await t.service.ingestRecords(plant.datalogger, [
      inverterRecord(minutesAgo(6), sn, { pac_w: 400, fault_codes: ['301'] }),
    ]);
    events = await eventsOf(sn);
    expect(events.map((e) => [e.code, e.ended_at === null])).toEqual([
      ['201', false],
      ['301', true],
    ]);
    expect((await deviceRow(sn)).status).toBe('warning');

    await t.service.ingestRecords(plant.datalogger, [
      inverterRecord(minutesAgo(4), sn, { pac_w: 400, status: 'protect', fault_codes: [] }),
    ]);
    expect((await deviceRow(sn)).status).toBe('protect');
    await t.service.ingestRecords(plant.datalogger, [
      inverterRecord(minutesAgo(3), sn, { pac_w: 0, status: 'upgrading' }),
    ]);
    expect((await deviceRow(sn)).status).toBe('upgrading');
    expect((await eventsOf(sn)).every((e) => e.ended_at !== null)).toBe(true);
  });

  it('ignores late samples for events and the current state', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const sn = uniqueSerial('INV');
    await t.service.ingestRecords(plant.datalogger, [
      inverterRecord(minutesAgo(5), sn, { pac_w: 700, fault_codes: [] }),
    ]);
    await t.service.ingestRecords(plant.datalogger, [
      inverterRecord(minutesAgo(60), sn, { pac_w: 0, fault_codes: ['202'] }),
    ]);
    expect(await eventsOf(sn)).toHaveLength(0);
    const device = await deviceRow(sn);
    expect(device.status).toBe('normal');
    expect(device.last_values).toMatchObject({ pac_w: 700 });
  });

  it('marks devices offline after 15 minutes without data', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const sn = uniqueSerial('INV');
    await t.service.ingestRecords(plant.datalogger, [
      inverterRecord(minutesAgo(1), sn, { pac_w: 700 }),
    ]);
    // Silence is set on this device only: a clock moved forward would mark every device of the
    // shared test database offline, under the feet of tests running beside this one.
    const lastSeen = (minutes: number) =>
      t.deps.db
        .updateTable('devices')
        .set({ last_seen_at: minutesAgo(minutes) })
        .where('sn', '=', sn)
        .execute();
    await lastSeen(14);
    await markSilentDevicesOffline(t.deps.db);
    expect((await deviceRow(sn)).status).toBe('normal');
    await lastSeen(16);
    await markSilentDevicesOffline(t.deps.db);
    expect((await deviceRow(sn)).status).toBe('offline');
  });
});

describe('alarm e-mails', () => {
  it('mails owner, company members and share users by their settings, once per event and user', async () => {
    const { company, admin, staff } = await buildCompanyWithStaff(t.deps);
    const owner = await buildUser(t.deps, { kind: 'owner' });
    const sharedWith = await buildUser(t.deps, { kind: 'owner' });
    const silent = await buildUser(t.deps, { kind: 'owner' });
    const stranger = await buildUser(t.deps, { kind: 'owner' });
    await t.deps.db
      .updateTable('users')
      .set({ notify_levels: ['F'] })
      .where('id', '=', staff.id)
      .execute();
    await t.deps.db
      .updateTable('users')
      .set({ notify_by_email: false })
      .where('id', '=', silent.id)
      .execute();
    const plant = await buildPlantWithDatalogger(t.deps, {
      ownerId: owner.id,
      companyId: company.id,
    });
    await t.deps.db
      .insertInto('plant_shares')
      .values([
        { plant_id: plant.plantId, user_id: sharedWith.id, role: 'visitor' },
        { plant_id: plant.plantId, user_id: silent.id, role: 'visitor' },
      ])
      .execute();
    const sn = uniqueSerial('INV');

    // A warning (level W): staff asked for F only.
    const warning = inverterRecord(minutesAgo(3), sn, { pac_w: 500, fault_codes: ['302'] });
    await t.service.ingestRecords(plant.datalogger, [warning]);
    await t.service.ingestRecords(plant.datalogger, [warning]);
    const [fanEvent] = await eventsOf(sn);
    const mails = await mailsFor(fanEvent!.id);
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      [admin.email, owner.email, sharedWith.email].sort(),
    );
    expect(mails.map((m) => m.dedupe_key)).toContain(`event:${fanEvent!.id}:user:${owner.id}`);
    expect(mails[0]!.subject).toMatch(/^\[W\] /);
    expect(mails.map((m) => m.recipient)).not.toContain(stranger.email);

    // A fault (level F): staff is mailed too.
    await t.service.ingestRecords(plant.datalogger, [
      inverterRecord(minutesAgo(2), sn, { pac_w: 0, fault_codes: ['302', '201'] }),
    ]);
    const isolation = (await eventsOf(sn)).find((e) => e.code === '201')!;
    expect((await mailsFor(isolation.id)).map((m) => m.recipient)).toContain(staff.email);
    const notified = await t.deps.db
      .selectFrom('events')
      .select('notified_at')
      .where('id', '=', isolation.id)
      .executeTakeFirstOrThrow();
    expect(notified.notified_at).not.toBeNull();
  });

  it('does not mail events from old backlog', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const sn = uniqueSerial('INV');
    await t.service.ingestRecords(plant.datalogger, [
      inverterRecord(minutesAgo(600), sn, { pac_w: 0, fault_codes: ['203'] }),
    ]);
    const [event] = await eventsOf(sn);
    expect(event).toBeDefined();
    expect(await mailsFor(event!.id)).toHaveLength(0);
  });

  /** A fault committed without its alarm mail: as after a crash between commit and mail. */
  async function unnotifiedFault(datalogger: KnownDatalogger) {
    const sn = uniqueSerial('INV');
    await t.service.ingestRecords(datalogger, [inverterRecord(minutesAgo(5), sn, { pac_w: 1 })]);
    const event = await t.deps.db
      .insertInto('events')
      .values({
        device_id: await deviceIdOf(t.deps, sn),
        code: '202',
        level: 1,
        started_at: minutesAgo(4),
        ended_at: null,
        notified_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: event.id, sn };
  }

  it('mails events committed but not yet notified, once', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const event = await unnotifiedFault(plant.datalogger);
    await sendPendingAlarmMails(t.deps);
    await sendPendingAlarmMails(t.deps);
    expect(await mailsFor(event.id)).toHaveLength(1);
  });

  it('texts the alarm to recipients who opted in with a confirmed number, once', async () => {
    const owner = await buildUser(t.deps, { kind: 'owner' });
    const textedOnly = await buildUser(t.deps, { kind: 'owner' });
    const notOptedIn = await buildUser(t.deps, { kind: 'owner' });
    const confirmed = { sms_phone_verified_at: new Date() };
    await t.deps.db
      .updateTable('users')
      .set({ sms_phone: '+4915100000001', sms_opt_in: true, ...confirmed })
      .where('id', '=', owner.id)
      .execute();
    await t.deps.db
      .updateTable('users')
      .set({ sms_phone: '+4915100000002', sms_opt_in: true, notify_by_email: false, ...confirmed })
      .where('id', '=', textedOnly.id)
      .execute();
    await t.deps.db
      .updateTable('users')
      .set({ sms_phone: '+4915100000003', ...confirmed })
      .where('id', '=', notOptedIn.id)
      .execute();
    const unconfirmed = await buildUser(t.deps, { kind: 'owner' });
    await t.deps.db
      .updateTable('users')
      .set({ sms_phone: '+4915100000004', notify_by_email: false })
      .where('id', '=', unconfirmed.id)
      .execute();
    const plant = await buildPlantWithDatalogger(t.deps, { ownerId: owner.id });
    await t.deps.db
      .insertInto('plant_shares')
      .values([
        { plant_id: plant.plantId, user_id: textedOnly.id, role: 'visitor' },
        { plant_id: plant.plantId, user_id: notOptedIn.id, role: 'visitor' },
        { plant_id: plant.plantId, user_id: unconfirmed.id, role: 'visitor' },
      ])
      .execute();
    const event = await unnotifiedFault(plant.datalogger);
    await sendPendingAlarmMails(t.deps);
    await sendPendingAlarmMails(t.deps);

    const texts = await t.deps.db
      .selectFrom('sms_outbox')
      .select(['user_id', 'phone', 'purpose', 'text'])
      .where('dedupe_key', 'like', `event:${event.id}:user:%`)
      .orderBy('phone')
      .execute();
    expect(texts.map((sms) => [sms.user_id, sms.phone, sms.purpose])).toEqual([
      [owner.id, '+4915100000001', 'alarm'],
      [textedOnly.id, '+4915100000002', 'alarm'],
    ]);
    expect(texts[0]!.text).toContain(event.sn);
    expect((await mailsFor(event.id)).map((mail) => mail.recipient).sort()).toEqual(
      [owner.email, notOptedIn.email].sort(),
    );
  });
});
