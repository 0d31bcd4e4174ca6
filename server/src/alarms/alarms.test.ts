import * as api from '@solar/contract';
import { ALARM_RULES, ErrorCode } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildDatalogger, buildDevice, buildPlant } from '../test/fixtures/plants.factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const EDITOR = [
  'station.view',
  'station.edit',
  'equip.view',
  'event.view',
  'alarm.rule.view',
  'alarm.rule.edit',
];
const shaded = {
  rule: 'lowSpecificYield',
  isEnabled: true,
  level: 'F',
  parameters: { thresholdPct: 70, minMedianYieldWhPerKwp: 800 },
} as const;

async function companyPlant(permissions = EDITOR) {
  const company = await buildCompanyWithStaff(t.deps, permissions);
  const plant = await buildPlant(t.deps, company.admin.id, { company_id: company.company.id });
  return { ...company, plant };
}

async function rulesOf(token: string, plantId?: number) {
  const answer = await callEndpoint(t.app, api.listAlarmRules, {
    query: plantId === undefined ? {} : { plantId },
    token,
  });
  expect(answer.code, JSON.stringify({ msg: answer.msg, data: answer.data })).toBe(0);
  return answer.data!.infos;
}

describe('alarm rule settings', () => {
  it('answers 401, 2 without the permission, 700 for another company’s plant', async () => {
    const { plant, staffToken } = await companyPlant();
    expect((await callEndpoint(t.app, api.listAlarmRules, { query: {} })).status).toBe(401);
    const viewer = await buildCompanyWithStaff(t.deps, ['station.view', 'alarm.rule.view']);
    const refused = await callEndpoint(t.app, api.saveAlarmRule, {
      body: shaded,
      token: viewer.staffToken,
    });
    expect(refused.code).toBe(ErrorCode.noPermission);
    const other = await buildCompanyWithStaff(t.deps, EDITOR);
    const elsewhere = await callEndpoint(t.app, api.saveAlarmRule, {
      body: { ...shaded, plantId: plant.id },
      token: other.staffToken,
    });
    expect(elsewhere.code).toBe(ErrorCode.plantNotFound);
    const lost = await callEndpoint(t.app, api.plantLostEnergy, {
      params: { id: plant.id },
      token: other.staffToken,
    });
    expect(lost.code).toBe(ErrorCode.plantNotFound);
    expect((await rulesOf(staffToken, plant.id)).every((rule) => rule.source === 'builtIn')).toBe(
      true,
    );
  });

  it('refuses parameters outside their bounds and unknown rules (code 4)', async () => {
    const { staffToken } = await companyPlant();
    const bad = [
      { ...shaded, parameters: { thresholdPct: 100, minMedianYieldWhPerKwp: 800 } },
      { ...shaded, parameters: { thresholdPct: 50 } },
      { ...shaded, parameters: { ...shaded.parameters, minutes: 30 } },
      { ...shaded, rule: 'somethingElse' },
      { ...shaded, level: 'X' },
    ];
    for (const body of bad) {
      const answer = await callEndpointLoosely(t.app, api.saveAlarmRule, {
        body,
        token: staffToken,
      });
      expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.validation);
    }
  });

  it('layers built-in, company default and plant override, and resets back', async () => {
    const { plant, staff, staffToken, company: owner } = await companyPlant();
    const builtIn = await rulesOf(staffToken);
    expect(builtIn.find((rule) => rule.rule === 'lowSpecificYield')).toEqual({
      rule: 'lowSpecificYield',
      code: ALARM_RULES.lowSpecificYield.code,
      isEnabled: true,
      level: 'W',
      parameters: ALARM_RULES.lowSpecificYield.defaults,
      source: 'builtIn',
    });

    await callEndpoint(t.app, api.saveAlarmRule, { body: shaded, token: staffToken });
    const overridden = { ...shaded, isEnabled: false, plantId: plant.id };
    await callEndpoint(t.app, api.saveAlarmRule, { body: overridden, token: staffToken });

    const company = (await rulesOf(staffToken)).find((rule) => rule.rule === 'lowSpecificYield');
    expect(company).toMatchObject({ ...shaded, source: 'company' });
    const ofPlant = await rulesOf(staffToken, plant.id);
    expect(ofPlant.find((rule) => rule.rule === 'lowSpecificYield')).toMatchObject({
      isEnabled: false,
      source: 'plant',
    });
    expect(ofPlant.find((rule) => rule.rule === 'noDaylightProduction')?.source).toBe('builtIn');

    const reset = { rule: 'lowSpecificYield', plantId: plant.id } as const;
    expect(
      (await callEndpoint(t.app, api.resetAlarmRule, { body: reset, token: staffToken })).code,
    ).toBe(0);
    const afterReset = await rulesOf(staffToken, plant.id);
    expect(afterReset.find((rule) => rule.rule === 'lowSpecificYield')).toMatchObject({
      ...shaded,
      source: 'company',
    });
    // Resetting what is at its default already changes nothing and is not audited.
    await callEndpoint(t.app, api.resetAlarmRule, { body: reset, token: staffToken });
    const audited = await t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'target', 'detail'])
      .where('actor_id', '=', staff.id)
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      {
        action: 'alarmRule.saved',
        target: `rule lowSpecificYield of company ${owner.id}`,
        detail: { isEnabled: true, level: 'F', parameters: shaded.parameters },
      },
      {
        action: 'alarmRule.saved',
        target: `rule lowSpecificYield of plant ${plant.id}`,
        detail: { isEnabled: false, level: 'F', parameters: shaded.parameters },
      },
      {
        action: 'alarmRule.reset',
        target: `rule lowSpecificYield of plant ${plant.id}`,
        detail: {},
      },
    ]);
  });

  it('answers the energy the plant’s alarms lost this month with its value', async () => {
    const { plant, staffToken } = await companyPlant();
    await t.deps.db
      .updateTable('plants')
      .set({ constant_price: '0.25', currency: 'EUR', valuation_method: 'constant' })
      .where('id', '=', plant.id)
      .execute();
    const datalogger = await buildDatalogger(t.deps, { plantId: plant.id });
    const inverter = await buildDevice(t.deps, datalogger.id, { kind: 'inverter' });
    const event = await t.deps.db
      .insertInto('events')
      .values({
        device_id: inverter.id,
        code: ALARM_RULES.noDaylightProduction.code,
        level: 1,
        started_at: new Date(),
        ended_at: null,
        notified_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const today = api.localDate(plant.time_zone, new Date());
    await t.deps.db
      .insertInto('event_lost_energy')
      .values({ event_id: event.id, day: today, lost_kwh: 12.5, lost_value: 3.125 })
      .execute();
    const answer = await callEndpoint(t.app, api.plantLostEnergy, {
      params: { id: plant.id },
      token: staffToken,
    });
    expect(answer.data).toEqual({
      month: today.slice(0, 7),
      kWh: 12.5,
      value: 3.13,
      currency: 'EUR',
      openAlarms: 1,
    });
    const events = await callEndpoint(t.app, api.listEvents, {
      query: { plantId: plant.id },
      token: staffToken,
    });
    expect(events.data!.infos.map((info) => info.lostEnergy)).toEqual([
      { kWh: 12.5, value: 3.13, currency: 'EUR' },
    ]);
  });
});
