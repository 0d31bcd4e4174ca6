import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  batchUpgrade,
  cutUpgrade,
  ErrorCode,
  exportMaintenanceLog,
  fillPath,
  FIRMWARE_DOWNLOAD_PATH,
  listMaintenanceLog,
  reportUpgrade,
} from '@solar/contract';
import type { UpgradeFailureMode } from '@solar/contract';
import { runFirmwareUpdate } from '@solar/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  binaryImage,
  firmwareFieldsFor,
  uploadFirmware,
} from '../test/fixtures/firmware.factories.js';
import { buildDatalogger, buildDevice, buildPlant } from '../test/fixtures/plants.factories.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, call, type TestApp } from '../test/test-app.js';
import { requestedRange } from './firmware-download.js';
import { newUpgradeToken } from './upgrade-token.js';

/**
 * The device's side of an upgrade over HTTP against the real routes: Range downloads resumed
 * after a dropped link, the SHA-256 check, progress reports and the maintenance log. The device
 * code is the simulator's; its requests reach the app through `inject`.
 */
let t: TestApp;
let installer: Awaited<ReturnType<typeof buildCompanyWithStaff>>;
const IMAGE_BYTES = 300_000;
let image: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  installer = await buildCompanyWithStaff(t.deps);
  image = binaryImage(IMAGE_BYTES);
});

/** `fetch` over the app; `dropAfter` bytes into the first download the body breaks off. */
function injectingFetch(dropAfter?: number): { fetch: typeof fetch; ranges: string[] } {
  const ranges: string[] = [];
  let hasDropped = dropAfter === undefined;
  const shim = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (headers.range) ranges.push(headers.range);
    const res = await t.app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    let body: ReadableStream | Uint8Array<ArrayBuffer> = new Uint8Array(res.rawPayload);
    if (!hasDropped && headers.range) {
      hasDropped = true;
      const head = res.rawPayload.subarray(0, dropAfter);
      body = Readable.toWeb(
        new Readable({
          read() {
            this.push(head);
            this.destroy(new Error('connection reset'));
          },
        }),
      ) as ReadableStream;
    }
    return new Response(body, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
  return { fetch: shim as typeof fetch, ranges };
}

/** An inverter of the installer's company, a firmware for its model, and a cut upgrade job. */
async function preparedJob() {
  const product = `M${randomUUID().slice(0, 6)}`;
  const plant = await buildPlant(t.deps, installer.admin.id, { company_id: installer.company.id });
  const datalogger = await buildDatalogger(t.deps, { plantId: plant.id });
  const device = await buildDevice(t.deps, datalogger.id, { modelCode: product });
  const uploaded = await uploadFirmware(
    t.app,
    installer.adminToken,
    firmwareFieldsFor(product, '2.0.0'),
    { bytes: image, name: 'inv.bin' },
  );
  const started = await endpointData(t.app, cutUpgrade, {
    token: installer.adminToken,
    body: { firmwareId: uploaded.data.id, sns: [device.sn], at: '2099-01-01T00:00:00Z' },
  });
  const jobId = started.jobIds[0]!;
  // What dispatching does before the command goes out: a fresh secret for this job's URLs.
  const { token, hash } = newUpgradeToken();
  await t.deps.db
    .updateTable('upgrade_jobs')
    .set({
      status: 'downloading',
      started_at: new Date(),
      token_hash: hash,
      token_expires_at: new Date(Date.now() + 60_000),
    })
    .where('id', '=', jobId)
    .execute();
  const url = (path: string) => `http://portal.test${fillPath(path, { jobId })}?token=${token}`;
  const sha256 = (
    await t.deps.db
      .selectFrom('firmwares')
      .select('sha256')
      .where('id', '=', uploaded.data.id)
      .executeTakeFirstOrThrow()
  ).sha256;
  const job = {
    jobId,
    url: url(FIRMWARE_DOWNLOAD_PATH),
    reportUrl: url(reportUpgrade.path),
    sha256,
    size: IMAGE_BYTES,
    version: '2.0.0',
  };
  return { job, device, token, plant };
}

async function jobRow(id: string) {
  return t.deps.db
    .selectFrom('upgrade_jobs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function update(failure?: UpgradeFailureMode, dropAfter?: number) {
  const prepared = await preparedJob();
  const http = injectingFetch(dropAfter);
  const result = await runFirmwareUpdate(prepared.job, '1.0.0', {
    fetch: http.fetch,
    chunkBytes: 100_000,
    rebootMs: 10,
    ...(failure ? { failure } : {}),
  });
  return { ...prepared, result, ranges: http.ranges, row: await jobRow(prepared.job.jobId) };
}

describe('Range requests', () => {
  it('reads one range of the object', () => {
    expect(requestedRange(undefined, 100)).toBeNull();
    expect(requestedRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(requestedRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=95-200', 100)).toEqual({ start: 95, end: 99 });
    expect(requestedRange('bytes=100-', 100)).toBe('invalid');
    expect(requestedRange('bytes=5-1', 100)).toBe('invalid');
    expect(requestedRange('items=0-1', 100)).toBe('invalid');
  });

  it('serves 206 parts, 416 outside the file and 403 without a valid token', async () => {
    const { job } = await preparedJob();
    const part = await t.app.inject({
      method: 'GET',
      url: new URL(job.url).pathname + new URL(job.url).search,
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${IMAGE_BYTES}`);
    expect(part.rawPayload.equals(image.subarray(10, 20))).toBe(true);
    const outside = await t.app.inject({
      method: 'GET',
      url: new URL(job.url).pathname + new URL(job.url).search,
      headers: { range: `bytes=${IMAGE_BYTES}-` },
    });
    expect(outside.statusCode).toBe(416);
    const forged = await t.app.inject({
      method: 'GET',
      url: `${new URL(job.url).pathname}?token=${'x'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: ErrorCode.noPermission });
  });
});

describe('the device side of an upgrade', () => {
  it('downloads in chunks, resumes after a dropped link, and reports the new version', async () => {
    const { result, ranges, row, device } = await update(undefined, 40_000);
    expect(result.status).toBe('succeeded');
    // The first chunk broke off after 40,000 bytes and was resumed from there.
    expect(ranges.slice(0, 3)).toEqual([
      'bytes=0-99999',
      'bytes=40000-99999',
      'bytes=100000-199999',
    ]);
    expect(row).toMatchObject({ status: 'succeeded', percent: 100, failure_reason: null });
    expect(row.finished_at).not.toBeNull();
    const stored = await t.deps.db
      .selectFrom('devices')
      .select('firmware_version')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(stored.firmware_version).toBe('2.0.0');
  });

  it('reports a checksum mismatch and the job fails with the reason', async () => {
    const { result, row } = await update('checksum');
    expect(result.status).toBe('failed');
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toMatch(/SHA-256/);
  });

  it('fails a device whose link dropped for good halfway through the download', async () => {
    const { result, row, ranges } = await update('linkLoss');
    expect(result.status).toBe('failed');
    expect(row).toMatchObject({ status: 'failed' });
    expect(row.failure_reason).toMatch(/Download stopped at byte \d+/);
    expect(row.percent).toBeGreaterThan(0);
    expect(row.percent).toBeLessThan(90);
    expect(ranges.length).toBeGreaterThan(0);
  });

  it('fails a device that lost power while writing or came back on its old version', async () => {
    const power = await update('powerLoss');
    expect(power.row).toMatchObject({ status: 'failed' });
    expect(power.row.failure_reason).toMatch(/Power lost/);
    const old = await update('oldVersion');
    expect(old.row).toMatchObject({ status: 'failed' });
    expect(old.row.failure_reason).toMatch(/1\.0\.0/);
  });

  it('refuses reports with a wrong token and after the job ended', async () => {
    const { job, row } = await update();
    const wrong = await callEndpoint(t.app, reportUpgrade, {
      params: { jobId: job.jobId },
      query: { token: 'y'.repeat(43) },
      body: { status: 'downloading', percent: 5 },
    });
    expect(wrong.code).toBe(ErrorCode.noPermission);
    expect(row.status).toBe('succeeded');
    const late = await call(t.app, {
      method: 'POST',
      url: new URL(job.reportUrl).pathname + new URL(job.reportUrl).search,
      payload: { status: 'failed', percent: 0 },
    });
    expect(late.code).toBe(ErrorCode.noPermission);
  });
});

describe('checks before sending', () => {
  it('lists offline devices of a batch (4006) and refuses a fault device (4005)', async () => {
    const product = `M${randomUUID().slice(0, 6)}`;
    const plant = await buildPlant(t.deps, installer.admin.id, {
      company_id: installer.company.id,
    });
    const datalogger = await buildDatalogger(t.deps, { plantId: plant.id });
    const offline = await buildDevice(t.deps, datalogger.id, {
      modelCode: product,
      status: 'offline',
    });
    const fault = await buildDevice(t.deps, datalogger.id, { modelCode: product, status: 'fault' });
    const uploaded = await uploadFirmware(
      t.app,
      installer.adminToken,
      firmwareFieldsFor(product, '3'),
    );
    const batch = await callEndpoint(t.app, batchUpgrade, {
      token: installer.adminToken,
      body: { firmwareId: uploaded.data.id, sns: [offline.sn] },
    });
    expect(batch.code).toBe(ErrorCode.upgradeDevicesOffline);
    expect(batch.data).toEqual({ sns: [offline.sn] });
    const refused = await callEndpoint(t.app, batchUpgrade, {
      token: installer.adminToken,
      body: { firmwareId: uploaded.data.id, sns: [fault.sn], includeOffline: true },
    });
    expect(refused.code).toBe(ErrorCode.upgradeStatusRefused);
    const jobs = await t.deps.db
      .selectFrom('upgrade_jobs')
      .select('id')
      .where('sn', 'in', [offline.sn, fault.sn])
      .execute();
    expect(jobs).toEqual([]);
  });
});

describe('maintenance log', () => {
  it('lists every attempt with versions, result and duration, and exports CSV', async () => {
    const { plant } = await update('checksum');
    const log = await endpointData(t.app, listMaintenanceLog, {
      token: installer.adminToken,
      query: { plantId: plant.id },
    });
    expect(log.total).toBe(1);
    expect(log.infos[0]).toMatchObject({
      fromVersion: null,
      toVersion: '2.0.0',
      status: 'failed',
      kind: 'cut',
      user: installer.admin.email,
    });
    expect(log.infos[0]!.durationSeconds).not.toBeNull();
    const refused = await callEndpoint(t.app, listMaintenanceLog, { token: installer.staffToken });
    expect(refused.code).toBe(ErrorCode.noPermission);
    const csv = await t.app.inject({
      method: 'GET',
      url: exportMaintenanceLog.path,
      query: { plantId: String(plant.id) },
      headers: { authorization: `Bearer ${installer.adminToken}` },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[1]).toContain('2.0.0');
  });
});
