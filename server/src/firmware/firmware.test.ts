import { randomUUID } from 'node:crypto';
import {
  deleteFirmware,
  ErrorCode,
  listFirmwares,
  listFirmwareVersions,
  setFirmwareEnabled,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff, buildUser, tokenFor } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { FirmwareContentCheck, intelHexRecordType } from './firmware-content.js';
import {
  binaryImage,
  firmwareFieldsFor,
  hexRecord,
  intelHexFile,
  uploadFirmware,
} from '../test/fixtures/firmware.factories.js';

let t: TestApp;
let installer: Awaited<ReturnType<typeof buildCompanyWithStaff>>;
const product = () => `P${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  t = await buildTestApp();
  installer = await buildCompanyWithStaff(t.deps);
});

async function check(extension: 'bin' | 'hex', bytes: Buffer) {
  const content = new FirmwareContentCheck(extension);
  const done = new Promise((resolve) => content.on('finish', resolve));
  content.resume();
  content.end(bytes);
  await done;
  return content;
}

describe('firmware content check', () => {
  it('accepts Intel HEX records with valid checksums and the end record', async () => {
    expect(intelHexRecordType(':00000001FF')).toBe(1);
    expect(intelHexRecordType(hexRecord(0, 0, Buffer.from([1, 2, 3])))).toBe(0);
    expect((await check('hex', intelHexFile())).problem).toBeNull();
  });

  it('refuses a broken checksum, a missing end record and text renamed to .hex', async () => {
    const broken = Buffer.from(':0300000001020300\n:00000001FF\n');
    expect((await check('hex', broken)).problem).toBe('content');
    expect(
      (await check('hex', Buffer.from(`${hexRecord(0, 0, Buffer.from([1]))}\n`))).problem,
    ).toBe('content');
    expect((await check('hex', Buffer.from('hello world\n'))).problem).toBe('content');
  });

  it('accepts a binary image, refuses text and empty files as .bin', async () => {
    const image = binaryImage(10_000);
    const checked = await check('bin', image);
    expect(checked.problem).toBeNull();
    expect(checked.bytes).toBe(10_000);
    expect(checked.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await check('bin', Buffer.from('just some text\n'.repeat(100)))).problem).toBe(
      'content',
    );
    expect((await check('bin', Buffer.alloc(0))).problem).toBe('empty');
  });
});

describe('POST /api/v1/firmware', () => {
  it('answers 401 without a token and code 2 without the permission', async () => {
    const fields = firmwareFieldsFor(product(), '1.0.0');
    expect((await uploadFirmware(t.app, '', fields)).status).toBe(401);
    expect((await uploadFirmware(t.app, installer.staffToken, fields)).code).toBe(
      ErrorCode.noPermission,
    );
  });

  it('stores the file with its SHA-256 and lists the entry by equipment type', async () => {
    const name = product();
    const bytes = binaryImage(3000);
    const res = await uploadFirmware(
      t.app,
      installer.adminToken,
      firmwareFieldsFor(name, 'V1.2.0'),
      {
        bytes,
        name: 'inv_main-1.2.bin',
      },
    );
    expect(res.code, res.msg).toBe(0);
    const list = await endpointData(t.app, listFirmwares, {
      token: installer.adminToken,
      query: { equipType: 2, product: name },
    });
    expect(list.total).toBe(1);
    const entry = list.infos[0]!;
    expect(entry).toMatchObject({
      id: res.data.id,
      version: 'V1.2.0',
      size: 3000,
      isEnabled: true,
    });
    const { createHash } = await import('node:crypto');
    expect(entry.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const battery = await endpointData(t.app, listFirmwares, {
      token: installer.adminToken,
      query: { equipType: 7, product: name },
    });
    expect(battery.total).toBe(0);
  });

  it('accepts an Intel HEX file and refuses content that is not what its name says', async () => {
    const hex = await uploadFirmware(
      t.app,
      installer.adminToken,
      firmwareFieldsFor(product(), '2.0'),
      {
        bytes: intelHexFile(),
        name: 'bms.hex',
      },
    );
    expect(hex.code, hex.msg).toBe(0);
    const fake = await uploadFirmware(
      t.app,
      installer.adminToken,
      firmwareFieldsFor(product(), '2.0'),
      {
        bytes: Buffer.from('not a hex file'),
        name: 'bms.hex',
      },
    );
    expect(fake.code).toBe(ErrorCode.validation);
    expect(fake.data).toEqual({ fields: [{ field: 'file', message: 'validation.invalid' }] });
  });

  it('checks the file name, the extension, the size and the fields', async () => {
    const fields = firmwareFieldsFor(product(), '1.0');
    const refusal = async (name: string, bytes = binaryImage(100), body = fields) =>
      (await uploadFirmware(t.app, installer.adminToken, body, { bytes, name })).data;
    expect(await refusal('bad name.bin')).toEqual({
      fields: [{ field: 'file', message: 'validation.specialCharacters' }],
    });
    expect(await refusal(`${'a'.repeat(37)}.bin`)).toEqual({
      fields: [{ field: 'file', message: 'validation.maxLength' }],
    });
    expect(await refusal('image.zip')).toEqual({
      fields: [{ field: 'file', message: 'validation.invalid' }],
    });
    expect(await refusal('big.bin', binaryImage(15 * 1024 * 1024 + 1))).toEqual({
      fields: [{ field: 'file', message: 'validation.maxLength' }],
    });
    const missing = await refusal('ok.bin', binaryImage(100), { ...fields, version: '' });
    expect(missing).toMatchObject({ fields: [{ field: 'version' }] });
    const noFile = await uploadFirmware(t.app, installer.adminToken, fields, null);
    expect(noFile.code).toBe(ErrorCode.validation);
  });

  it('accepts exactly 15 MB', async () => {
    const res = await uploadFirmware(
      t.app,
      installer.adminToken,
      firmwareFieldsFor(product(), '1'),
      {
        bytes: binaryImage(15 * 1024 * 1024),
        name: 'max.bin',
      },
    );
    expect(res.code, res.msg).toBe(0);
  });

  it('answers 4000 for a duplicate name, 4002 for a duplicate version, 4001 for an older one', async () => {
    const name = product();
    const upload = (version: string, file: string) =>
      uploadFirmware(t.app, installer.adminToken, firmwareFieldsFor(name, version), {
        bytes: binaryImage(500),
        name: file,
      });
    expect((await upload('V1.9', 'a.bin')).code).toBe(0);
    expect((await upload('V1.10', 'a.bin')).code).toBe(ErrorCode.firmwareNameDuplicate);
    expect((await upload('V1.9', 'b.bin')).code).toBe(ErrorCode.firmwareVersionDuplicate);
    expect((await upload('V1.8.5', 'c.bin')).code).toBe(ErrorCode.firmwareLatest);
    expect((await upload('V1.10', 'd.bin')).code).toBe(0);
    const versions = await endpointData(t.app, listFirmwareVersions, {
      token: installer.adminToken,
      query: { product: name },
    });
    expect(versions.map((v) => v.version)).toEqual(['V1.10', 'V1.9']);
  });
});

describe('firmware enable and delete', () => {
  it('switches the enabled flag and deletes; others get code 2 or 4003', async () => {
    const name = product();
    const admin = await buildUser(t.deps, { kind: 'platform_admin' });
    const adminToken = await tokenFor(t.deps, admin.id);
    const platform = await uploadFirmware(t.app, adminToken, firmwareFieldsFor(name, '3.1'));
    expect(platform.code, platform.msg).toBe(0);
    const id = platform.data.id;

    expect(
      (
        await callEndpoint(t.app, setFirmwareEnabled, {
          token: installer.adminToken,
          params: { id },
          body: { isEnabled: false },
        })
      ).code,
    ).toBe(ErrorCode.noPermission);
    const disabled = await endpointData(t.app, setFirmwareEnabled, {
      token: adminToken,
      params: { id },
      body: { isEnabled: false },
    });
    expect(disabled.isEnabled).toBe(false);

    const other = await buildCompanyWithStaff(t.deps);
    const own = await uploadFirmware(t.app, other.adminToken, firmwareFieldsFor(product(), '1'));
    expect(
      (
        await callEndpoint(t.app, deleteFirmware, {
          token: installer.adminToken,
          params: { id: own.data.id },
        })
      ).code,
    ).toBe(ErrorCode.firmwareNotFound);
    expect(
      (await callEndpoint(t.app, deleteFirmware, { token: adminToken, params: { id } })).code,
    ).toBe(0);
    const stored = await t.deps.db
      .selectFrom('firmwares')
      .where('id', '=', id)
      .selectAll()
      .execute();
    expect(stored).toEqual([]);
  });
});
