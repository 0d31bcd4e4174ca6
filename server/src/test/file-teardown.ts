/**
 * What a test file started through the helpers here (its app, its devices), stopped after the
 * file in reverse order by `setup.ts`. The helpers run inside `beforeAll`, where an `afterAll`
 * they registered themselves would never run.
 */
const teardowns: (() => Promise<void>)[] = [];

export function afterFile(teardown: () => Promise<void>): void {
  teardowns.push(teardown);
}

export async function runFileTeardowns(): Promise<void> {
  for (let teardown = teardowns.pop(); teardown; teardown = teardowns.pop()) await teardown();
}
