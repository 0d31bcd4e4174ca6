import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createDb } from '../db/database.js';
import { testQueue, uniqueQueueSchema } from '../test/fixtures/job-queue.fixtures.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { deliverMail } from './mail-jobs.js';
import { LocalDiskStore } from '../storage/local-disk-store.js';
import { Mailer } from './mailer.js';

interface SinkMail {
  to: string;
  text: string;
}

/** A real SMTP server that refuses the first `refusals` messages (451), then accepts. */
function smtpSink(refusals: number) {
  const accepted: SinkMail[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        attempts += 1;
        if (attempts <= refusals) {
          callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }));
          return;
        }
        accepted.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
        callback();
      });
    },
  });
  return { server, accepted, attempts: () => attempts };
}

const databaseUrl = inject('databaseUrl');
const db = createDb(databaseUrl, 2);
const logger = pino({ level: 'silent' });
const sink = smtpSink(1);
let queue: JobQueue;
let mailer: Mailer;
const files = new LocalDiskStore('/tmp/mail-retry-objects');

beforeAll(async () => {
  await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
  const { port } = sink.server.server.address() as AddressInfo;
  queue = testQueue(databaseUrl, uniqueQueueSchema(), [
    { ...deliverMail, retry: { ...deliverMail.retry, delaySeconds: 1 } },
  ]);
  const config = loadConfig({ DATA_DIR: '/tmp', SMTP_URL: `smtp://127.0.0.1:${port}` });
  mailer = new Mailer(db, logger, queue, config.SMTP_URL, config.MAIL_FROM, files);
  await queue.work({ config, db, logger, mailer });
});

afterAll(async () => {
  await queue.stop(1_000);
  await new Promise<void>((resolve) => sink.server.close(() => resolve()));
  await db.destroy();
});

describe('mail outbox', () => {
  it('re-sends a mail the SMTP server refused, once it accepts', async () => {
    const to = `retry-${Date.now()}@example.com`;
    expect(await mailer.send({ to, subject: 'Code', body: 'Your code is 123456' })).toBe(true);

    await vi.waitFor(() => expect(sink.accepted.map((m) => m.to)).toEqual([to]), {
      timeout: 20_000,
      interval: 100,
    });
    expect(sink.attempts()).toBe(2);
    expect(sink.accepted[0]!.text).toContain('Your code is 123456');
    await vi.waitFor(async () => {
      const row = await db
        .selectFrom('mail_outbox')
        .select(['sent_at', 'error'])
        .where('recipient', '=', to)
        .executeTakeFirstOrThrow();
      expect(row.sent_at).toBeInstanceOf(Date);
      expect(row.error).toBeNull();
    });
  });

  it('queues a mail with a known dedupe key only once', async () => {
    const dedupeKey = `dedupe-${Date.now()}`;
    const mail = { to: 'once@example.com', subject: 'Alarm', body: 'Inverter fault', dedupeKey };
    expect(await mailer.send(mail)).toBe(true);
    expect(await mailer.send(mail)).toBe(false);
    const rows = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('dedupe_key', '=', dedupeKey)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
