import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DatabaseNotifications } from './notifications.js';

const notifications = new DatabaseNotifications(inject('databaseUrl'), pino({ level: 'silent' }));
const sender = new pg.Client({ connectionString: inject('databaseUrl') });

beforeAll(async () => {
  await sender.connect();
});

afterAll(async () => {
  await notifications.stop();
  await sender.end();
});

const poll = { timeout: 10_000, interval: 20 };

function recorder() {
  const seen: string[] = [];
  return {
    seen,
    handlers: {
      message: (payload: string) => seen.push(payload),
      down: () => seen.push('(down)'),
      up: () => seen.push('(up)'),
    },
  };
}

async function notify(channel: string, payload: string): Promise<void> {
  await sender.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/** Ends the listening connection from the server's side, as a restart or a network cut would. */
async function cutTheListener(): Promise<void> {
  await sender.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE pid <> pg_backend_pid() AND query ILIKE 'LISTEN%test_notifications_%'`,
  );
}

describe('database notifications', () => {
  it('delivers each channel to its own subscribers over one connection', async () => {
    const first = recorder();
    const second = recorder();
    const stopFirst = await notifications.subscribe('test_notifications_a', first.handlers);
    await notifications.subscribe('test_notifications_b', second.handlers);
    expect(notifications.isListening('test_notifications_a')).toBe(true);

    await notify('test_notifications_a', 'one');
    await notify('test_notifications_b', 'two');
    await expect.poll(() => [first.seen, second.seen], poll).toEqual([['one'], ['two']]);

    stopFirst();
    expect(notifications.isListening('test_notifications_a')).toBe(false);
    await notify('test_notifications_a', 'missed');
    await notify('test_notifications_b', 'three');
    await expect.poll(() => second.seen, poll).toEqual(['two', 'three']);
    expect(first.seen).toEqual(['one']);
  });

  it('tells subscribers when the connection is lost, listens again and tells them so', async () => {
    const subscriber = recorder();
    await notifications.subscribe('test_notifications_c', subscriber.handlers);
    await cutTheListener();
    await expect.poll(() => subscriber.seen, poll).toContain('(down)');
    expect(notifications.isListening('test_notifications_c')).toBe(false);

    await expect.poll(() => subscriber.seen, poll).toEqual(['(down)', '(up)']);
    expect(notifications.isListening('test_notifications_c')).toBe(true);
    await notify('test_notifications_c', 'after');
    await expect.poll(() => subscriber.seen, poll).toEqual(['(down)', '(up)', 'after']);
  });
});
