import { createHash } from 'node:crypto';
import type { UpgradeFailureMode } from '@solar/contract';
import { z } from 'zod';

/** The args of a `firmware.upgrade` command (docs/firmware.md). */
export const upgradeJob = z.object({
  jobId: z.string(),
  url: z.string().url(),
  reportUrl: z.string().url(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().min(1),
  version: z.string().min(1),
});
export type UpgradeJob = z.infer<typeof upgradeJob>;

export interface UpdaterOptions {
  /** Bytes asked per Range request. */
  chunkBytes?: number;
  /** Download attempts per chunk before giving up (a dropped link is resumed from where it broke). */
  attemptsPerChunk?: number;
  /** Time the device takes to write the image and reboot. */
  rebootMs?: number;
  failure?: UpgradeFailureMode;
  fetch?: typeof fetch;
}

export interface UpdateResult {
  status: 'succeeded' | 'failed';
  /** The version the device runs afterwards. */
  version: string;
  reason?: string;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The device side of a remote upgrade: downloads the image in chunks with `Range` requests
 * (resuming after a dropped link from the last byte received), checks the SHA-256, reports
 * progress in percent, "writes" and reboots, and reports the version it runs afterwards. Told to
 * fail, it reports honestly what happened: a checksum mismatch, power lost while writing (the old
 * version stays), or a reboot into the old version.
 */
export async function runFirmwareUpdate(
  job: UpgradeJob,
  currentVersion: string,
  options: UpdaterOptions = {},
): Promise<UpdateResult> {
  const http = options.fetch ?? fetch;
  const chunkBytes = options.chunkBytes ?? 256 * 1024;
  const report = async (body: Record<string, unknown>) => {
    await http(job.reportUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  };
  const fail = async (reason: string, percent: number): Promise<UpdateResult> => {
    await report({ status: 'failed', percent, reason, version: currentVersion });
    return { status: 'failed', version: currentVersion, reason };
  };

  const hash = createHash('sha256');
  let received = 0;
  let lastPercent = -1;
  while (received < job.size) {
    const end = Math.min(received + chunkBytes, job.size) - 1;
    const chunk = isLinkLost(options.failure, received, job.size)
      ? null
      : await fetchRange(http, job.url, received, end, options.attemptsPerChunk ?? 5);
    if (!chunk) {
      return fail(`Download stopped at byte ${received}`, percentOf(received, job.size));
    }
    const bytes = options.failure === 'checksum' && received === 0 ? corrupt(chunk) : chunk;
    hash.update(bytes);
    received += bytes.length;
    const percent = percentOf(received, job.size);
    if (percent !== lastPercent) {
      lastPercent = percent;
      await report({ status: 'downloading', percent });
    }
  }
  if (hash.digest('hex') !== job.sha256) {
    return fail('SHA-256 of the downloaded image does not match', 90);
  }
  await report({ status: 'installing', percent: 95 });
  await delay(options.rebootMs ?? 1000);
  if (options.failure === 'powerLoss') {
    return fail('Power lost while writing the image; the previous firmware was kept', 95);
  }
  const version = options.failure === 'oldVersion' ? currentVersion : job.version;
  await report({ status: 'succeeded', percent: 100, version });
  return version === job.version
    ? { status: 'succeeded', version }
    : { status: 'failed', version, reason: 'Rebooted into the previous version' };
}

function percentOf(received: number, size: number): number {
  return Math.min(90, Math.floor((received / size) * 90));
}

/** With `linkLoss`, the link drops for good once half the image arrived. */
function isLinkLost(failure: UpgradeFailureMode | undefined, received: number, size: number) {
  return failure === 'linkLoss' && received > 0 && received >= size / 2;
}

function corrupt(chunk: Buffer): Buffer {
  const copy = Buffer.from(chunk);
  copy[0] = (copy[0] ?? 0) ^ 0xff;
  return copy;
}

/**
 * One chunk, resumed within the chunk when the link drops mid-body: what arrived is kept and
 * the rest asked for with a narrower Range.
 */
async function fetchRange(
  http: typeof fetch,
  url: string,
  start: number,
  end: number,
  attempts: number,
): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let next = start;
  for (let attempt = 0; attempt < attempts && next <= end; attempt += 1) {
    try {
      const response = await http(url, { headers: { range: `bytes=${next}-${end}` } });
      if (response.status !== 206 || !response.body) return null;
      for await (const piece of response.body) {
        const bytes = Buffer.from(piece as Uint8Array);
        parts.push(bytes);
        next += bytes.length;
      }
    } catch {
      await delay(200 * (attempt + 1));
    }
  }
  return next > end ? Buffer.concat(parts) : null;
}
