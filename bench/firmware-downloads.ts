/**
 * How many devices one server upgrades at once: BENCH_FIRMWARE_DEVICES (default 50,200,500)
 * simulated devices download one BENCH_FIRMWARE_MB image (default 2 MB) at the same time from
 * the real route (`/device/v1/upgrade/:jobId/firmware`), each with its own job token, in
 * 64 KiB `Range` requests as the simulator's updater does, and check the SHA-256. Prints the
 * aggregate throughput, each device's download time (p50, p99) and the server's peak heap and
 * RSS while serving (the file is streamed from the object store, never held in memory), each
 * beside its limit: the machine's memory and V8's heap limit, and how many devices the
 * measured throughput serves before a job's download link expires (`UPGRADE_URL_TTL_MS`).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Readable } from 'node:stream';
import { getHeapStatistics } from 'node:v8';
import { fillPath, FIRMWARE_DOWNLOAD_PATH } from '@solar/contract';
import type { AppDeps } from '../server/src/app-deps.js';
import { newUpgradeToken, UPGRADE_URL_TTL_MS } from '../server/src/upgrades/upgrade-token.js';
import { summarizeLatencies, timed } from './harness/latency.js';
import { ms, printTable, runBench } from './harness/report.js';
import { createBenchOwner } from './harness/seed.js';
import { withBenchApp } from './harness/server.js';

const DEVICE_COUNTS = (process.env.BENCH_FIRMWARE_DEVICES ?? '50,200,500').split(',').map(Number);
const FILE_BYTES = Number(process.env.BENCH_FIRMWARE_MB ?? 2) * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
const MB = 1024 * 1024;

interface Download {
  url: string;
}

async function seedFirmware(deps: AppDeps, image: Buffer): Promise<{ id: number; sha256: string }> {
  const key = `firmware/bench-${randomUUID()}.bin`;
  await deps.files.put(key, Readable.from([image]));
  const sha256 = createHash('sha256').update(image).digest('hex');
  return deps.db
    .insertInto('firmwares')
    .values({
      firm_id: 'FW-BENCH',
      brand: 'Bench',
      product: 'BENCH',
      epn: 'EPN-1',
      equip_type: 2,
      version: '2.0',
      file_name: 'bench.bin',
      object_key: key,
      size_bytes: image.length,
      sha256,
      upgrade_mode: 'remote',
      strategy: 'prompt',
    })
    .returning(['id', 'sha256'])
    .executeTakeFirstOrThrow();
}

/** `count` devices, each with an open upgrade job and its own URL token. */
async function seedJobs(
  deps: AppDeps,
  baseUrl: string,
  firmwareId: number,
  count: number,
): Promise<Download[]> {
  const ownerId = await createBenchOwner(deps, { email: `bench-fw-${randomUUID()}@example.com` });
  const plant = await deps.db
    .insertInto('plants')
    .values({ name: 'Firmware bench', owner_user_id: ownerId, capacity_kwp: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const logger = await deps.db
    .insertInto('dataloggers')
    .values({
      sn: `FWB${randomUUID().slice(0, 8)}`,
      registration_key: 'BENCHKEY',
      plant_id: plant.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batchId = randomUUID();
  const jobs = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    sn: `FWB-${index}`,
    ...newUpgradeToken(),
  }));
  await deps.db
    .insertInto('upgrade_jobs')
    .values(
      jobs.map((job) => ({
        id: job.id,
        batch_id: batchId,
        kind: 'batch' as const,
        firmware_id: firmwareId,
        firmware_file_name: 'bench.bin',
        datalogger_id: logger.id,
        device_id: null,
        sn: job.sn,
        device_kind: 'datalogger',
        plant_id: plant.id,
        to_version: '2.0',
        status: 'downloading' as const,
        download_base_url: baseUrl,
        token_hash: job.hash,
        token_expires_at: new Date(Date.now() + UPGRADE_URL_TTL_MS),
      })),
    )
    .execute();
  return jobs.map((job) => ({
    url: `${baseUrl}${fillPath(FIRMWARE_DOWNLOAD_PATH, { jobId: job.id })}?token=${job.token}`,
  }));
}

/** One device: the whole image in Range requests, then its SHA-256; answers milliseconds. */
async function download(job: Download, size: number, sha256: string): Promise<number> {
  const started = performance.now();
  const hash = createHash('sha256');
  for (let start = 0; start < size; start += CHUNK_BYTES) {
    const end = Math.min(start + CHUNK_BYTES, size) - 1;
    const response = await fetch(job.url, { headers: { range: `bytes=${start}-${end}` } });
    if (response.status !== 206) throw new Error(`range ${start}-${end}: HTTP ${response.status}`);
    hash.update(Buffer.from(await response.arrayBuffer()));
  }
  if (hash.digest('hex') !== sha256) throw new Error('SHA-256 of the downloaded image differs');
  return performance.now() - started;
}

/** Runs `work` while sampling this process's memory every 50 ms; answers the peaks. */
async function peakMemory<T>(work: () => Promise<T>) {
  let heap = process.memoryUsage().heapUsed;
  let rss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed);
    rss = Math.max(rss, now.rss);
  }, 50);
  try {
    return { result: await work(), heap, rss };
  } finally {
    clearInterval(sampler);
  }
}

runBench(() =>
  withBenchApp(async ({ app, deps }) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const image = randomBytes(FILE_BYTES);
    const heapLimitMb = (getHeapStatistics().heap_size_limit / MB).toFixed(0);
    const machineMb = (os.totalmem() / MB).toFixed(0);
    const firmware = await seedFirmware(deps, image);
    const rows: string[][] = [];
    let bestMbPerSecond = 0;
    for (const devices of DEVICE_COUNTS) {
      const jobs = await seedJobs(deps, baseUrl, firmware.id, devices);
      global.gc?.();
      const { result, heap, rss } = await peakMemory(() =>
        timed(() => Promise.all(jobs.map((job) => download(job, image.length, firmware.sha256)))),
      );
      const latency = summarizeLatencies([...result.result].sort((a, b) => a - b));
      const mbPerSecond = (devices * image.length) / MB / result.seconds;
      bestMbPerSecond = Math.max(bestMbPerSecond, mbPerSecond);
      rows.push([
        String(devices),
        result.seconds.toFixed(1),
        mbPerSecond.toFixed(1),
        ms(latency.p50),
        ms(latency.p99),
        `${(heap / MB).toFixed(0)} of ${heapLimitMb}`,
        `${(rss / MB).toFixed(0)} of ${machineMb}`,
      ]);
    }
    printTable(
      `Concurrent firmware downloads of a ${(FILE_BYTES / MB).toFixed(1)} MB image in ${CHUNK_BYTES / 1024} KiB ranges (server and devices in one process)`,
      [
        'devices',
        'seconds',
        'MB/s',
        'p50 ms/device',
        'p99 ms/device',
        'peak heap MB of V8 limit',
        'peak rss MB of machine',
      ],
      rows,
    );
    const ttlHours = UPGRADE_URL_TTL_MS / 3_600_000;
    const perLink = Math.floor((bestMbPerSecond * UPGRADE_URL_TTL_MS) / 1000 / (image.length / MB));
    process.stdout.write(
      `On ${os.cpus().length} cores: at the best ${bestMbPerSecond.toFixed(1)} MB/s one server ` +
        `delivers this image to about ${perLink} devices within one ${ttlHours} h download link.\n`,
    );
  }),
);
