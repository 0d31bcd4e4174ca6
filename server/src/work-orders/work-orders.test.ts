import {
  assignWorkOrder,
  commentWorkOrder,
  createWorkOrder,
  ErrorCode,
  getWorkOrder,
  getWorkOrderKpis,
  listWorkOrderAssignees,
  listWorkOrders,
  moveWorkOrder,
  updateWorkOrder,
  uploadWorkOrderPhoto,
  WORK_ORDER_SLA_HOURS,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderStatus,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointReader } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildRole, buildUser, tokenFor } from '../test/factories.js';
import { buildEvent, buildPlantWithDevices } from '../test/fixtures/plants.factories.js';
import { multipartFile, PNG_BYTES, uploadTo } from '../test/fixtures/uploads.factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
const read = endpointReader(() => t.app);
beforeAll(async () => {
  t = await buildTestApp();
});

const HOUR_MS = 3600_000;

/** A company with a plant of two inverters, an open alarm on the first, and its members. */
async function buildCompanySite() {
  const company = await buildCompanyWithStaff(t.deps, ['workorder.view', 'workorder.edit']);
  const plant = await buildPlantWithDevices(
    t.deps,
    company.admin.id,
    [{ kind: 'inverter' }, { kind: 'inverter' }],
    { company_id: company.company.id, time_zone: 'Europe/Berlin' },
  );
  const [first, second] = plant.devices;
  const alarm = await buildEvent(t.deps, first!.id, {
    code: '301',
    level: 2,
    startedAt: new Date(Date.now() - 2 * HOUR_MS),
  });
  return { ...company, plant: plant.plant, inverters: [first!, second!] as const, alarm };
}

type Site = Awaited<ReturnType<typeof buildCompanySite>>;

async function createFromAlarm(site: Site, overrides: Partial<{ priority: 'P1' | 'P4' }> = {}) {
  return read(createWorkOrder, {
    token: site.adminToken,
    body: {
      plantId: site.plant.id,
      title: 'Fan failure on inverter 1',
      priority: overrides.priority ?? 'P1',
      eventIds: [site.alarm.id],
    },
  });
}

async function moveTo(site: Site, id: number, status: WorkOrderStatus, extra = {}) {
  return callEndpoint(t.app, moveWorkOrder, {
    token: site.adminToken,
    params: { id },
    body: { status, ...extra },
  });
}

describe('work orders', () => {
  it('answers 401 without a token and code 4 for a bad body', async () => {
    const res = await callEndpoint(t.app, listWorkOrders);
    expect(res.status).toBe(401);
    const site = await buildCompanySite();
    const bad = await callEndpointLoosely(t.app, createWorkOrder, {
      token: site.adminToken,
      body: { plantId: site.plant.id, title: '', priority: 'P9' },
    });
    expect(bad.code).toBe(ErrorCode.validation);
  });

  it('creates from an alarm: its device joins, the SLA runs from the alarm start by priority', async () => {
    const site = await buildCompanySite();
    const { id } = await createFromAlarm(site);
    const detail = await read(getWorkOrder, { token: site.adminToken, params: { id } });
    expect(detail).toMatchObject({
      status: 'open',
      priority: 'P1',
      plantId: site.plant.id,
      devices: [{ sn: site.inverters[0].sn }],
      events: [{ id: site.alarm.id, code: '301', level: 'W', endTime: null }],
    });
    expect(Date.parse(detail.reportedAt)).toBe(site.alarm.started_at.getTime());
    expect(Date.parse(detail.dueAt) - Date.parse(detail.reportedAt)).toBe(
      WORK_ORDER_SLA_HOURS.P1 * HOUR_MS,
    );
    // Reported two hours ago with four hours to go: not overdue yet.
    expect(detail.isOverdue).toBe(false);

    await read(updateWorkOrder, {
      token: site.adminToken,
      params: { id },
      body: { title: detail.title, priority: 'P4', deviceSns: [site.inverters[1].sn] },
    });
    const edited = await read(getWorkOrder, { token: site.adminToken, params: { id } });
    expect(Date.parse(edited.dueAt) - Date.parse(edited.reportedAt)).toBe(
      WORK_ORDER_SLA_HOURS.P4 * HOUR_MS,
    );
    expect(edited.devices.map((device) => device.sn)).toEqual([site.inverters[1].sn]);
  });

  it('refuses an alarm or device of another plant (1503) and creates nothing', async () => {
    const site = await buildCompanySite();
    const other = await buildCompanySite();
    const res = await callEndpoint(t.app, createWorkOrder, {
      token: site.adminToken,
      body: { plantId: site.plant.id, title: 'X', priority: 'P2', eventIds: [other.alarm.id] },
    });
    expect(res.code).toBe(ErrorCode.workOrderTargetInvalid);
    const list = await read(listWorkOrders, {
      token: site.adminToken,
      query: { plantId: site.plant.id },
    });
    expect(list.total).toBe(0);
  });

  it('follows the transitions as data, and every refused move changes nothing', async () => {
    const site = await buildCompanySite();
    const statuses = WORK_ORDER_STATUSES;
    for (const from of statuses) {
      for (const to of statuses) {
        const { id } = await createFromAlarm(site);
        const path = pathTo(from);
        for (const step of path) {
          expect((await moveTo(site, id, step, { resolution: 'Fixed' })).code).toBe(0);
        }
        const res = await moveTo(site, id, to, { resolution: 'Fixed' });
        const isAllowed = WORK_ORDER_TRANSITIONS[from].includes(to);
        expect(res.code, `${from} → ${to}`).toBe(
          isAllowed ? 0 : ErrorCode.workOrderTransitionRefused,
        );
        const detail = await read(getWorkOrder, { token: site.adminToken, params: { id } });
        expect(detail.status).toBe(isAllowed ? to : from);
      }
    }
  }, 120_000);

  it('asks a resolution to close, records who closed when, and may close its alarms', async () => {
    const site = await buildCompanySite();
    const { id } = await createFromAlarm(site);
    const bare = await moveTo(site, id, 'done');
    expect(bare.code).toBe(ErrorCode.validation);
    expect(bare.data).toMatchObject({ fields: [{ field: 'resolution' }] });

    const kept = await createFromAlarm(site);
    expect((await moveTo(site, kept.id, 'cancelled', { resolution: 'Duplicate' })).code).toBe(0);
    const stillOpen = await read(getWorkOrder, { token: site.adminToken, params: { id: kept.id } });
    expect(stillOpen.events[0]!.endTime).toBeNull();

    expect(
      (await moveTo(site, id, 'done', { resolution: 'Fan replaced', closeAlarms: true })).code,
    ).toBe(0);
    const closed = await read(getWorkOrder, { token: site.adminToken, params: { id } });
    expect(closed).toMatchObject({ status: 'done', resolution: 'Fan replaced' });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.events[0]!.endTime).not.toBeNull();
    const audit = await t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'detail'])
      .where('target', 'like', `work order ${id} %`)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'workOrder.created',
      'workOrder.statusChanged',
    ]);
    expect(audit[1]!.detail).toMatchObject({
      from: 'open',
      to: 'done',
      closedAlarms: [site.alarm.id],
    });
  });

  it('assigns only members of the plant’s company, and needs workorder.assign', async () => {
    const site = await buildCompanySite();
    const stranger = await buildCompanyWithStaff(t.deps);
    const { id } = await createFromAlarm(site);
    const assignees = await read(listWorkOrderAssignees, {
      token: site.adminToken,
      query: { plantId: site.plant.id },
    });
    expect(assignees.infos.map((user) => user.id).sort()).toEqual(
      [site.admin.id, site.staff.id].sort(),
    );
    const foreign = await callEndpoint(t.app, assignWorkOrder, {
      token: site.adminToken,
      params: { id },
      body: { assigneeId: stranger.staff.id },
    });
    expect(foreign.code).toBe(ErrorCode.workOrderAssigneeInvalid);
    const withoutAssign = await callEndpoint(t.app, assignWorkOrder, {
      token: site.staffToken,
      params: { id },
      body: { assigneeId: site.staff.id },
    });
    expect(withoutAssign.code).toBe(ErrorCode.noPermission);
    const createAssigned = await callEndpoint(t.app, createWorkOrder, {
      token: site.staffToken,
      body: { plantId: site.plant.id, title: 'Mine', priority: 'P3', assigneeId: site.staff.id },
    });
    expect(createAssigned.code).toBe(ErrorCode.noPermission);

    await read(assignWorkOrder, {
      token: site.adminToken,
      params: { id },
      body: { assigneeId: site.staff.id },
    });
    const mine = await read(listWorkOrders, { token: site.staffToken, query: { mine: true } });
    expect(mine.infos.map((row) => [row.id, row.assigneeName])).toEqual([
      [id, site.staff.nickname],
    ]);
  });

  it('keeps work orders within their company: another company sees and changes none (1500)', async () => {
    const site = await buildCompanySite();
    const outsider = await buildCompanyWithStaff(t.deps);
    const owner = await buildUser(t.deps, { kind: 'owner' });
    const { id } = await createFromAlarm(site);
    for (const res of [
      await callEndpoint(t.app, getWorkOrder, { token: outsider.adminToken, params: { id } }),
      await callEndpoint(t.app, moveWorkOrder, {
        token: outsider.adminToken,
        params: { id },
        body: { status: 'inProgress' },
      }),
      await callEndpoint(t.app, commentWorkOrder, {
        token: outsider.adminToken,
        params: { id },
        body: { body: 'Not mine' },
      }),
    ]) {
      expect(res.code).toBe(ErrorCode.workOrderNotFound);
    }
    const theirs = await read(listWorkOrders, { token: outsider.adminToken });
    expect(theirs.infos.map((row) => row.id)).not.toContain(id);
    const onTheirPlant = await callEndpoint(t.app, createWorkOrder, {
      token: outsider.adminToken,
      body: { plantId: site.plant.id, title: 'Intrude', priority: 'P1' },
    });
    expect(onTheirPlant.code).toBe(ErrorCode.plantNotFound);
    // A plant owner holds no work-order permission.
    const ownerRes = await callEndpoint(t.app, listWorkOrders, {
      token: await tokenFor(t.deps, owner.id),
    });
    expect(ownerRes.code).toBe(ErrorCode.noPermission);
    const detail = await read(getWorkOrder, { token: site.adminToken, params: { id } });
    expect(detail.status).toBe('open');
    expect(detail.comments).toEqual([]);
  });

  it('lets workorder.view read but not change', async () => {
    const site = await buildCompanySite();
    const { id } = await createFromAlarm(site);
    const readerRole = await buildRole(t.deps, site.company.id, ['workorder.view']);
    const reader = await buildUser(t.deps, {
      kind: 'staff',
      companyId: site.company.id,
      roleId: readerRole.id,
    });
    const token = await tokenFor(t.deps, reader.id);
    expect((await callEndpoint(t.app, getWorkOrder, { token, params: { id } })).code).toBe(0);
    const moved = await callEndpoint(t.app, moveWorkOrder, {
      token,
      params: { id },
      body: { status: 'inProgress' },
    });
    expect(moved.code).toBe(ErrorCode.noPermission);
    const detail = await read(getWorkOrder, { token: site.adminToken, params: { id } });
    expect(detail.status).toBe('open');
  });

  it('logs comments with their minutes and photos, and sums the time spent', async () => {
    const site = await buildCompanySite();
    const { id } = await createFromAlarm(site);
    await read(commentWorkOrder, {
      token: site.staffToken,
      params: { id },
      body: { body: 'On the roof', minutesSpent: 45 },
    });
    await read(commentWorkOrder, {
      token: site.adminToken,
      params: { id },
      body: { body: 'Spare fan ordered', minutesSpent: 15 },
    });
    const photo = await uploadTo(
      t.app,
      uploadWorkOrderPhoto,
      id,
      site.staffToken,
      multipartFile(PNG_BYTES, 'roof.png', 'image/png'),
    );
    expect(photo.code).toBe(0);
    const served = await t.app.inject({ method: 'GET', url: photo.data.url });
    expect(served.statusCode).toBe(200);
    const notPicture = await uploadTo(
      t.app,
      uploadWorkOrderPhoto,
      id,
      site.staffToken,
      multipartFile(Buffer.from('plain text'), 'note.png', 'image/png'),
    );
    expect(notPicture.code).toBe(ErrorCode.validation);
    const detail = await read(getWorkOrder, { token: site.adminToken, params: { id } });
    expect(detail.minutesSpent).toBe(60);
    expect(detail.comments.map((comment) => [comment.body, comment.authorName])).toEqual([
      ['On the roof', site.staff.nickname],
      ['Spare fan ordered', site.admin.nickname],
    ]);
    expect(detail.photos).toHaveLength(1);
  });
});

describe('work-order lists and KPIs', () => {
  it('filters overdue: unclosed past their due time only', async () => {
    const site = await buildCompanySite();
    const late = await read(createWorkOrder, {
      token: site.adminToken,
      body: { plantId: site.plant.id, title: 'Late', priority: 'P1', eventIds: [] },
    });
    const onTime = await createFromAlarm(site, { priority: 'P4' });
    await t.deps.db
      .updateTable('work_orders')
      .set({ due_at: new Date(Date.now() - HOUR_MS) })
      .where('id', '=', late.id)
      .execute();
    const overdue = await read(listWorkOrders, {
      token: site.adminToken,
      query: { plantId: site.plant.id, overdue: true },
    });
    expect(overdue.infos.map((row) => [row.id, row.isOverdue])).toEqual([[late.id, true]]);
    const all = await read(listWorkOrders, {
      token: site.adminToken,
      query: { plantId: site.plant.id },
    });
    // The soonest due first.
    expect(all.infos.map((row) => row.id)).toEqual([late.id, onTime.id]);
  });

  it('means the minutes from the report to the first acknowledgement and to done', async () => {
    const site = await buildCompanySite();
    const kpis = () =>
      read(getWorkOrderKpis, { token: site.adminToken, query: { plantId: site.plant.id } });
    expect(await kpis()).toEqual({
      meanMinutesToAcknowledge: null,
      meanMinutesToRepair: null,
      open: 0,
      overdue: 0,
      done: 0,
    });
    const first = await createFromAlarm(site);
    const second = await createFromAlarm(site);
    await moveTo(site, first.id, 'inProgress');
    await moveTo(site, first.id, 'done', { resolution: 'Fixed' });
    await moveTo(site, second.id, 'waiting');
    // Fixed times: reported at 08:00; acknowledged at 08:30 and 09:30; the first done at 10:00.
    const at = (time: string) => new Date(`2026-03-01T${time}:00Z`);
    for (const [id, acknowledged] of [
      [first.id, '08:30'],
      [second.id, '09:30'],
    ] as const) {
      await t.deps.db
        .updateTable('work_orders')
        .set({ reported_at: at('08:00'), acknowledged_at: at(acknowledged) })
        .where('id', '=', id)
        .execute();
    }
    await t.deps.db
      .updateTable('work_orders')
      .set({ closed_at: at('10:00') })
      .where('id', '=', first.id)
      .execute();
    expect(await kpis()).toMatchObject({
      meanMinutesToAcknowledge: 60,
      meanMinutesToRepair: 120,
      open: 1,
      done: 1,
    });
    const inRange = await read(getWorkOrderKpis, {
      token: site.adminToken,
      query: { plantId: site.plant.id, from: '2026-03-02T00:00:00Z' },
    });
    expect(inRange.done).toBe(0);
  });
});

/** The moves from `open` that reach `status`. */
function pathTo(status: WorkOrderStatus): WorkOrderStatus[] {
  return status === 'open' ? [] : [status];
}
