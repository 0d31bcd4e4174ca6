import { describe, expect, it } from 'vitest';
import { GroupCommitter } from './group-commit.js';

interface Item {
  key: string;
  n: number;
}

/** A committer whose transactions end only when the test says so. */
function controlledCommitter(concurrency: number, maxBatch = 100, minConcurrentBatch = 1) {
  const batches: { items: Item[]; finish: () => void }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const committer = new GroupCommitter<Item, string>(
    (items) =>
      new Promise((resolve) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        batches.push({
          items,
          finish: () => {
            inFlight -= 1;
            resolve(items.map((item) => `${item.key}${item.n}`));
          },
        });
      }),
    (item) => item.key,
    { maxBatch, lingerMs: 1, concurrency, minConcurrentBatch },
  );
  return { committer, batches, mostInFlight: () => mostInFlight };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('GroupCommitter', () => {
  it('runs a second transaction while the first waits, with other keys only', async () => {
    const { committer, batches } = controlledCommitter(2);
    const a1 = committer.submit({ key: 'A', n: 1 });
    await settle();
    const b1 = committer.submit({ key: 'B', n: 1 });
    const a2 = committer.submit({ key: 'A', n: 2 });
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[{ key: 'A', n: 1 }], [{ key: 'B', n: 1 }]]);
    batches[1]!.finish();
    expect(await b1).toBe('B1');
    await settle();
    // A2 waits for the transaction that holds A1.
    expect(batches).toHaveLength(2);
    batches[0]!.finish();
    expect(await a1).toBe('A1');
    await settle();
    expect(batches[2]!.items).toEqual([{ key: 'A', n: 2 }]);
    batches[2]!.finish();
    expect(await a2).toBe('A2');
    await committer.stop();
  });

  it('starts a transaction beside a running one only for a backlog', async () => {
    const { committer, batches } = controlledCommitter(2, 100, 3);
    const first = committer.submit({ key: 'A', n: 1 });
    await settle();
    const waiting = [1, 2].map((n) => committer.submit({ key: 'B', n }));
    await settle();
    expect(batches).toHaveLength(1);
    const backlog = committer.submit({ key: 'C', n: 1 });
    await settle();
    expect(batches.map((b) => b.items.length)).toEqual([1, 3]);
    for (const batch of batches) batch.finish();
    await Promise.all([first, ...waiting, backlog]);
    await committer.stop();
  });

  it('never runs more transactions than its concurrency, and keeps each key in order', async () => {
    const { committer, batches, mostInFlight } = controlledCommitter(3, 2);
    const committedOrder: string[] = [];
    const submitted = Array.from({ length: 30 }, (_, i) =>
      committer
        .submit({ key: `K${i % 4}`, n: i })
        .then((result) => void committedOrder.push(result)),
    );
    for (let round = 0; round < 40 && committedOrder.length < 30; round += 1) {
      await settle();
      for (const batch of batches.splice(0)) batch.finish();
    }
    await Promise.all(submitted);
    expect(mostInFlight()).toBeLessThanOrEqual(3);
    for (let k = 0; k < 4; k += 1) {
      const ofKey = committedOrder.filter((r) => r.startsWith(`K${k}`));
      expect(ofKey).toEqual(
        Array.from({ length: 30 }, (_, i) => i)
          .filter((i) => i % 4 === k)
          .map((i) => `K${k}${i}`),
      );
    }
    await committer.stop();
  });
});
