import {
  checkProductModelCode,
  createProductModel,
  ErrorCode,
  listProductModels,
  type ProductModel,
  setProductModelEnabled,
  updateProductModel,
  uploadProductImage,
} from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { callEndpoint, callEndpointLoosely, endpointData } from '../test/call-endpoint.js';
import { expectAudited, expectOneOfParallelAdds, uniqueSuffix } from '../test/platform-admin.js';
import { platformAdminContextForFile } from '../test/platform-admin-file.js';
import {
  JPEG_BYTES,
  multipartFile,
  PNG_BYTES,
  uploadTo,
} from '../test/fixtures/uploads.factories.js';

const ctx = platformAdminContextForFile();

/** A model code no other test uses (upper-case, as the server stores it). */
function freshCode(): string {
  return `T${uniqueSuffix()}`.toUpperCase();
}

function create(modelCode: string, extra: Record<string, unknown> = {}) {
  return callEndpoint(ctx.t.app, createProductModel, {
    token: ctx.platformToken,
    body: { kind: 'battery', modelCode, name: 'Test battery', ...extra },
  });
}

describe('product models', () => {
  it('refuses a company administrator every call with code 2', async () => {
    const calls = [
      ctx.callAsCompanyAdmin(listProductModels),
      ctx.callAsCompanyAdmin(checkProductModelCode, {
        query: { kind: 'inverter', modelCode: 'X' },
      }),
      ctx.callAsCompanyAdmin(createProductModel, {
        body: { kind: 'inverter', modelCode: freshCode(), name: 'Refused' },
      }),
      ctx.callAsCompanyAdmin(updateProductModel, { params: { id: 1 }, body: { name: 'Refused' } }),
      ctx.callAsCompanyAdmin(setProductModelEnabled, {
        params: { id: 1 },
        body: { enabled: false },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.code).toBe(ErrorCode.noPermission);
  });

  it('starts from the built-in inverter models', async () => {
    const list = await endpointData(ctx.t.app, listProductModels, {
      token: ctx.platformToken,
      query: { kind: 'inverter', keyword: 'LT-10K' },
    });
    expect(list.infos).toEqual([
      expect.objectContaining({ modelCode: '0503', name: 'LT-10K F2', ratedPowerW: 10_000 }),
    ]);
    const check = await callEndpoint(ctx.t.app, checkProductModelCode, {
      token: ctx.platformToken,
      query: { kind: 'inverter', modelCode: '0503' },
    });
    expect(check.code).toBe(ErrorCode.codeExists);
  });

  it('adds a model; the check and a second add of the code in any case answer 5000', async () => {
    const code = freshCode();
    const free = await callEndpoint(ctx.t.app, checkProductModelCode, {
      token: ctx.platformToken,
      query: { kind: 'battery', modelCode: code },
    });
    expect(free.code).toBe(ErrorCode.ok);
    const created = await create(code.toLowerCase(), {
      vendor: 'Acme',
      ratedPowerW: 5000,
      hardwarePartNumber: 'HW-7',
    });
    expect(created.data).toMatchObject({
      kind: 'battery',
      modelCode: code,
      vendor: 'Acme',
      ratedPowerW: 5000,
      hardwarePartNumber: 'HW-7',
      isEnabled: true,
    });
    const check = await callEndpoint(ctx.t.app, checkProductModelCode, {
      token: ctx.platformToken,
      query: { kind: 'battery', modelCode: code.toLowerCase() },
    });
    expect(check.code).toBe(ErrorCode.codeExists);
    expect((await create(code)).code).toBe(ErrorCode.codeExists);
    const otherKind = await callEndpoint(ctx.t.app, createProductModel, {
      token: ctx.platformToken,
      body: { kind: 'meter', modelCode: code, name: 'Meter' },
    });
    expect(otherKind.code).toBe(ErrorCode.ok);
  });

  it('answers 5000 to all but one of 50 parallel adds of one code', async () => {
    const code = freshCode();
    await expectOneOfParallelAdds(() => create(code));
  });

  it('answers bad input with the validation code', async () => {
    const bodies = [
      { kind: 'battery', modelCode: 'no spaces', name: 'X' },
      { kind: 'toaster', modelCode: freshCode(), name: 'X' },
      { kind: 'battery', modelCode: freshCode(), name: '' },
      { kind: 'battery', modelCode: freshCode(), name: 'X', ratedPowerW: -1 },
      { kind: 'battery', modelCode: freshCode(), name: 'X', ratedPowerW: 1.5 },
      { kind: 'battery', modelCode: freshCode(), name: 'X', hardwarePartNumber: 'x'.repeat(41) },
      { kind: 'battery', modelCode: freshCode(), name: 'X', extra: true },
    ];
    for (const body of bodies) {
      const res = await callEndpointLoosely(ctx.t.app, createProductModel, {
        token: ctx.platformToken,
        body,
      });
      expect(res.code, JSON.stringify(body)).toBe(ErrorCode.validation);
    }
  });

  it('edits, disables and enables a model, filters by state, and audits each change', async () => {
    const code = freshCode();
    const model = await endpointData(ctx.t.app, createProductModel, {
      token: ctx.platformToken,
      body: { kind: 'battery', modelCode: code, name: 'Pack' },
    });
    const edited = await endpointData(ctx.t.app, updateProductModel, {
      token: ctx.platformToken,
      params: { id: model.id },
      body: { name: 'Pack 2', vendor: 'Acme', ratedPowerW: 2500, hardwarePartNumber: 'P-2' },
    });
    expect(edited).toMatchObject({ modelCode: code, name: 'Pack 2', ratedPowerW: 2500 });
    await endpointData(ctx.t.app, setProductModelEnabled, {
      token: ctx.platformToken,
      params: { id: model.id },
      body: { enabled: false },
    });
    const disabled = await endpointData(ctx.t.app, listProductModels, {
      token: ctx.platformToken,
      query: { keyword: code, enabled: false },
    });
    expect(disabled.infos.map((row) => row.id)).toEqual([model.id]);
    const enabledOnly = await endpointData(ctx.t.app, listProductModels, {
      token: ctx.platformToken,
      query: { keyword: code, enabled: true },
    });
    expect(enabledOnly.total).toBe(0);

    await expectAudited(ctx, `product model ${model.id} battery/${code}`, [
      'product.created',
      'product.updated',
      'product.disabled',
    ]);
  });

  it('answers code 2 for an unknown model', async () => {
    const res = await callEndpoint(ctx.t.app, setProductModelEnabled, {
      token: ctx.platformToken,
      params: { id: 2_000_000_000 },
      body: { enabled: true },
    });
    expect(res.code).toBe(ErrorCode.noPermission);
  });
});

function uploadImage(id: number, token: string, file: ReturnType<typeof multipartFile>) {
  return uploadTo(ctx.t.app, uploadProductImage, id, token, file);
}

async function imageKeyOf(id: number): Promise<string | null> {
  const row = await ctx.t.deps.db
    .selectFrom('product_models')
    .select('image_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.image_key;
}

describe('product model picture', () => {
  it('refuses a company administrator the upload with code 2', async () => {
    const png = multipartFile(PNG_BYTES, 'model.png', 'image/png');
    expect((await uploadImage(1, ctx.adminToken, png)).code).toBe(ErrorCode.noPermission);
  });

  it('refuses a disguised file and one over 3 MB with code 4, keeping no picture', async () => {
    const model = (await create(freshCode())).data as ProductModel;
    const oversized = Buffer.concat([PNG_BYTES, Buffer.alloc(3 * 1024 * 1024)]);
    for (const file of [
      multipartFile(Buffer.from('just text'), 'model.png', 'image/png'),
      multipartFile(oversized, 'model.png', 'image/png'),
    ]) {
      expect((await uploadImage(model.id, ctx.platformToken, file)).code).toBe(
        ErrorCode.validation,
      );
    }
    expect(await imageKeyOf(model.id)).toBeNull();
  });

  it('stores, serves and replaces the picture, removing the old one, and audits it', async () => {
    const code = freshCode();
    const model = (await create(code)).data as ProductModel;
    expect(model.imageUrl).toBeNull();
    const png = multipartFile(PNG_BYTES, 'model.png', 'image/png');
    expect((await uploadImage(model.id, ctx.platformToken, png)).code).toBe(ErrorCode.ok);
    const firstKey = await imageKeyOf(model.id);

    const jpeg = multipartFile(JPEG_BYTES, 'model.jpg', 'image/jpeg');
    const replaced = await uploadImage(model.id, ctx.platformToken, jpeg);
    const imageUrl = (replaced.data as ProductModel).imageUrl ?? '';
    const listed = await endpointData(ctx.t.app, listProductModels, {
      token: ctx.platformToken,
      query: { keyword: code },
    });
    expect(listed.infos[0]?.imageUrl).toBe(imageUrl);
    const served = await ctx.t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(JPEG_BYTES)).toBe(true);
    expect(await ctx.t.deps.files.stat(firstKey ?? '')).toBeNull();
    await expectAudited(ctx, `product model ${model.id} battery/${code}`, [
      'product.created',
      'product.imageChanged',
      'product.imageChanged',
    ]);
  });

  it('answers code 2 for a model without a picture and for an unknown model', async () => {
    const model = (await create(freshCode())).data as ProductModel;
    const png = multipartFile(PNG_BYTES, 'model.png', 'image/png');
    const unknown = await uploadImage(2_000_000_000, ctx.platformToken, png);
    expect(unknown.code).toBe(ErrorCode.noPermission);
    const served = await ctx.t.app.inject({
      method: 'GET',
      url: `/anonymous/product/${model.id}/image`,
    });
    expect(served.json()).toMatchObject({ code: ErrorCode.noPermission });
  });

  it('answers code 2, not 500, when the stored picture is gone', async () => {
    const model = (await create(freshCode())).data as ProductModel;
    const png = multipartFile(PNG_BYTES, 'model.png', 'image/png');
    await uploadImage(model.id, ctx.platformToken, png);
    await ctx.t.deps.files.remove((await imageKeyOf(model.id))!);
    const served = await ctx.t.app.inject({
      method: 'GET',
      url: `/anonymous/product/${model.id}/image`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.json()).toMatchObject({ code: ErrorCode.noPermission });
  });
});
