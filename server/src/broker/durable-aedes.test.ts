import type { AedesPublishPacket } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { DurableAedes } from './durable-aedes.js';

const BURST = 20_000;

let broker: DurableAedes | null = null;

afterEach(async () => {
  await new Promise<void>((resolve) => broker?.close(() => resolve()) ?? resolve());
  broker = null;
});

describe('DurableAedes', () => {
  // With aedes's default emitter concurrency of 100, the messages past the first 100 queued and
  // were later drained one stack frame each: "Maximum call stack size exceeded" ended the server.
  it(`delivers a burst of ${BURST} own messages while a subscriber holds the first ones`, async () => {
    broker = new DurableAedes({});
    const held: (() => void)[] = [];
    let delivered = 0;
    await new Promise<void>((resolve) =>
      broker!.subscribe(
        'dl/+/ack',
        (_packet: AedesPublishPacket, done: () => void) => {
          delivered += 1;
          if (held.length < 100) held.push(done);
          else done();
        },
        resolve,
      ),
    );
    const published = Array.from({ length: BURST }, (_, index) =>
      broker!.publishOwn(`dl/sn${index}/ack`, '{}'),
    );
    held.forEach((done) => done());
    await Promise.all(published);
    expect(delivered).toBe(BURST);
  });
});
