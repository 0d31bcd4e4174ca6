import {
  addHardwareRevision,
  checkHardwareId,
  createProductModel,
  ErrorCode,
  listHardwareRevisions,
  removeHardwareRevision,
  updateProductModel,
} from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { expectAudited, expectOneOfParallelAdds, uniqueSuffix } from '../test/platform-admin.js';
import { platformAdminContextForFile } from '../test/platform-admin-file.js';

const ctx = platformAdminContextForFile();

async function freshModel(extra: Record<string, unknown> = {}) {
  return endpointData(ctx.t.app, createProductModel, {
    token: ctx.platformToken,
    body: { kind: 'inverter', modelCode: `H${uniqueSuffix()}`, name: 'Hybrid 8K', ...extra },
  });
}

function add(productId: number, hardwareId: string, description?: string) {
  return callEndpoint(ctx.t.app, addHardwareRevision, {
    token: ctx.platformToken,
    params: { id: productId },
    body: { hardwareId, ...(description === undefined ? {} : { description }) },
  });
}

describe('phases and MPPT count of a product model', () => {
  it('stores them on create and edit, 1 phase and no MPPT by default', async () => {
    const plain = await freshModel();
    expect(plain).toMatchObject({ phases: 1, mpptCount: 0 });
    const model = await freshModel({ phases: 3, mpptCount: 4 });
    expect(model).toMatchObject({ phases: 3, mpptCount: 4 });
    const edited = await endpointData(ctx.t.app, updateProductModel, {
      token: ctx.platformToken,
      params: { id: model.id },
      body: { name: 'Hybrid 8K', phases: 1, mpptCount: 2 },
    });
    expect(edited).toMatchObject({ phases: 1, mpptCount: 2 });
  });

  it('refuses phases other than 1 or 3 and an MPPT count outside 0 to 32 with code 4', async () => {
    for (const extra of [
      { phases: 2 },
      { phases: 0 },
      { mpptCount: 33 },
      { mpptCount: -1 },
      { mpptCount: 1.5 },
    ]) {
      const res = await callEndpointLoosely(ctx.t.app, createProductModel, {
        token: ctx.platformToken,
        body: { kind: 'inverter', modelCode: `H${uniqueSuffix()}`, name: 'Bad', ...extra },
      });
      expect(res.code, JSON.stringify(extra)).toBe(ErrorCode.validation);
    }
  });
});

describe('hardware revisions', () => {
  it('refuses a company administrator every call with code 2', async () => {
    const model = await freshModel();
    const calls = [
      callEndpoint(ctx.t.app, listHardwareRevisions, {
        token: ctx.adminToken,
        params: { id: model.id },
      }),
      callEndpoint(ctx.t.app, checkHardwareId, {
        token: ctx.adminToken,
        params: { id: model.id },
        query: { hardwareId: 'HW1' },
      }),
      callEndpoint(ctx.t.app, addHardwareRevision, {
        token: ctx.adminToken,
        params: { id: model.id },
        body: { hardwareId: 'HW1' },
      }),
      callEndpoint(ctx.t.app, removeHardwareRevision, {
        token: ctx.adminToken,
        params: { id: model.id, revisionId: 1 },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('adds, lists and removes revisions; a hardwareId is unique per model only', async () => {
    const model = await freshModel();
    const other = await freshModel();
    const free = await callEndpoint(ctx.t.app, checkHardwareId, {
      token: ctx.platformToken,
      params: { id: model.id },
      query: { hardwareId: 'V2.1' },
    });
    expect(free.code).toBe(ErrorCode.ok);

    const added = await add(model.id, 'V2.1', 'Second board');
    expect(added.data).toMatchObject({
      productId: model.id,
      hardwareId: 'V2.1',
      description: 'Second board',
    });
    expect((await add(model.id, 'V1.0')).code).toBe(ErrorCode.ok);
    expect((await add(model.id, 'V2.1')).code).toBe(ErrorCode.codeExists);
    const check = await callEndpoint(ctx.t.app, checkHardwareId, {
      token: ctx.platformToken,
      params: { id: model.id },
      query: { hardwareId: 'V2.1' },
    });
    expect(check.code).toBe(ErrorCode.codeExists);
    expect((await add(other.id, 'V2.1')).code).toBe(ErrorCode.ok);

    const listed = await endpointData(ctx.t.app, listHardwareRevisions, {
      token: ctx.platformToken,
      params: { id: model.id },
    });
    expect(listed.map((revision) => revision.hardwareId)).toEqual(['V1.0', 'V2.1']);

    const removed = await callEndpoint(ctx.t.app, removeHardwareRevision, {
      token: ctx.platformToken,
      params: { id: model.id, revisionId: added.data.id },
    });
    expect(removed.code).toBe(ErrorCode.ok);
    const after = await endpointData(ctx.t.app, listHardwareRevisions, {
      token: ctx.platformToken,
      params: { id: model.id },
    });
    expect(after.map((revision) => revision.hardwareId)).toEqual(['V1.0']);
    await expectAudited(ctx, `product model ${model.id} hardware V2.1`, [
      'hardware.added',
      'hardware.removed',
    ]);
  });

  it('answers 5000 to all but one of 50 parallel adds of one hardwareId', async () => {
    const model = await freshModel();
    await expectOneOfParallelAdds(() => add(model.id, 'PARALLEL'));
  });

  it('answers 2 for an unknown model or a revision of another model', async () => {
    const model = await freshModel();
    const other = await freshModel();
    const revision = await add(other.id, 'V1');
    const unknown = 2_000_000_000;
    expect((await add(unknown, 'V1')).code).toBe(ErrorCode.noPermission);
    const list = await callEndpoint(ctx.t.app, listHardwareRevisions, {
      token: ctx.platformToken,
      params: { id: unknown },
    });
    expect(list.code).toBe(ErrorCode.noPermission);
    const foreign = await callEndpoint(ctx.t.app, removeHardwareRevision, {
      token: ctx.platformToken,
      params: { id: model.id, revisionId: revision.data.id },
    });
    expect(foreign.code).toBe(ErrorCode.noPermission);
  });

  it('answers bad input with the validation code', async () => {
    const model = await freshModel();
    for (const body of [
      { hardwareId: '' },
      { hardwareId: 'with space' },
      { hardwareId: 'x'.repeat(41) },
      { hardwareId: 'V1', description: 'x'.repeat(101) },
      { hardwareId: 'V1', extra: true },
    ]) {
      const res = await callEndpointLoosely(ctx.t.app, addHardwareRevision, {
        token: ctx.platformToken,
        params: { id: model.id },
        body,
      });
      expect(res.code, JSON.stringify(body)).toBe(ErrorCode.validation);
    }
  });
});
