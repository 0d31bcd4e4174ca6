/**
 * Child process of the crash test: works the interruptible job, says "started" on stdout
 * when a run begins, and hangs there until the test kills it with SIGKILL.
 */
import { interruptibleJob, testJobDeps, testQueue } from '../fixtures/job-queue.fixtures.js';

const [databaseUrl, schema] = process.argv.slice(2) as [string, string];
const job = interruptibleJob(async () => {
  process.stdout.write('started\n');
  await new Promise(() => undefined);
});
const queue = testQueue(databaseUrl, schema, [job]);
await queue.work(testJobDeps(databaseUrl, queue));
