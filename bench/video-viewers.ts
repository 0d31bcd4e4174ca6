/**
 * Concurrent live viewers: one simulated camera (ffmpeg, 480x270 at 10 fps, about 300 kbit/s)
 * on the embedded media server, then `--steps` of viewers reading its signed HTTP-FLV URL through
 * the portal at once for `--seconds` each. Prints, per step, the server process's CPU and
 * memory and how many viewers received at least 80 % of the camera's bitrate. Viewers, server,
 * media server and ffmpeg share the same cores, so this is a lower bound. Needs ffmpeg.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { parseArgs } from 'node:util';
import {
  createVideoDevice,
  createVideoSpace,
  listVideoDevices,
  videoLiveStream,
} from '@solar/contract';
import { currentAccessToken } from '../server/src/auth/sessions.js';
import { printTable, runBench } from './harness/report.js';
import { createBenchOwner } from './harness/seed.js';
import { withBenchApp } from './harness/server.js';

const { values: args } = parseArgs({
  options: {
    steps: { type: 'string', default: '1,10,50,100' },
    seconds: { type: 'string', default: '8' },
  },
});
const STEPS = args.steps.split(',').map(Number);
const SECONDS = Number(args.seconds);
const SERVED_SHARE = 0.8;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function bytesRead(url: string, seconds: number): Promise<number> {
  const controller = new AbortController();
  const stop = setTimeout(() => controller.abort(), seconds * 1000);
  let total = 0;
  try {
    const response = await fetch(url, { signal: controller.signal });
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
    }
  } catch {
    // The abort ends the read.
  } finally {
    clearTimeout(stop);
  }
  return total;
}

process.env.VIDEO_RTMP_PORT ??= String(await freePort());

runBench(async () => {
  await withBenchApp(async ({ app, deps }) => {
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const company = await deps.db
      .insertInto('companies')
      .values({ name: `Bench ${randomUUID().slice(0, 8)}`, logo_url: null, icon_url: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const adminId = await createBenchOwner(deps, { email: `bench-${randomUUID()}@example.com` });
    await deps.db
      .updateTable('users')
      .set({ kind: 'company_admin', company_id: company.id })
      .where('id', '=', adminId)
      .execute();
    const token = await currentAccessToken(deps.db, deps.accessTokens, adminId);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) =>
      (
        await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
      ).json() as Promise<{ data: { id: number } }>;
    const space = await post(createVideoSpace.path, { name: 'Bench' });
    await post(createVideoDevice.path, {
      spaceId: space.data.id,
      name: 'Bench camera',
      protocol: 'simulated',
    });
    let channelId = 0;
    for (let attempt = 0; attempt < 60 && channelId === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const list = (await (
        await fetch(`${baseUrl}${listVideoDevices.path}`, { headers })
      ).json()) as {
        data: { infos: { isOnline: boolean; channels: { id: number }[] }[] };
      };
      const device = list.data.infos[0];
      if (device?.isOnline) channelId = device.channels[0]?.id ?? 0;
    }
    if (channelId === 0)
      throw new Error('the simulated camera did not come online (is ffmpeg installed?)');
    const liveUrl = async () => {
      const answer = (await post(
        videoLiveStream.path.replace(':id', String(channelId)),
        {},
      )) as unknown as {
        data: { url: string };
      };
      return `${baseUrl}${answer.data.url}`;
    };
    const single = await bytesRead(await liveUrl(), SECONDS);
    const rows: string[][] = [];
    for (const viewers of STEPS) {
      const urls = await Promise.all(Array.from({ length: viewers }, liveUrl));
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const received = await Promise.all(urls.map((url) => bytesRead(url, SECONDS)));
      const wallMs = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const served = received.filter((bytes) => bytes >= single * SERVED_SHARE).length;
      rows.push([
        String(viewers),
        String(served),
        (((cpu.user + cpu.system) / 1000 / wallMs) * 100).toFixed(0),
        (process.memoryUsage().rss / 1024 / 1024).toFixed(0),
        ((received.reduce((sum, bytes) => sum + bytes, 0) * 8) / SECONDS / 1000).toFixed(0),
      ]);
    }
    printTable(
      `Live viewers of one simulated camera (${((single * 8) / SECONDS / 1000).toFixed(0)} kbit/s), ${SECONDS} s per step`,
      ['viewers', 'served', 'server CPU %', 'RSS MB', 'total kbit/s'],
      rows,
    );
  });
});
