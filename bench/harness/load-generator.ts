/**
 * The benches' load, in a process of its own so that the server's event loop carries only the
 * server: a datalogger fleet publishing through the broker (at a fixed rate, or measured in
 * bursts and steady phases, fleet-phases.ts), and HTTP requests offered at a fixed rate with
 * evenly spaced arrivals (open-loop.ts). Driven by `LoadGenerator` (load-generator-process.ts)
 * over the fork's IPC channel.
 */
import { performance } from 'node:perf_hooks';
import { MeasuredFleet } from './fleet-phases.js';
import type { GeneratorReply, GeneratorRequest, OfferResult } from './load-generator-process.js';
import { offerOpenLoop } from './open-loop.js';

let fleet: MeasuredFleet | null = null;
let stopIngest = () => {};

function reply(message: GeneratorReply): void {
  process.send!(message);
}

function connected(): MeasuredFleet {
  if (!fleet) throw new Error('the fleet is not connected');
  return fleet;
}

async function offer(request: Extract<GeneratorRequest, { type: 'offer' }>): Promise<OfferResult> {
  const ackedBefore = fleet?.ackedRecords ?? 0;
  const started = performance.now();
  const result = await offerOpenLoop(request);
  return {
    served: result.served,
    p50: result.p50,
    p99: result.p99,
    max: result.max,
    errors: result.errors,
    ingestedPerSecond:
      ((fleet?.ackedRecords ?? 0) - ackedBefore) / ((performance.now() - started) / 1000),
  };
}

async function handle(request: GeneratorRequest): Promise<void> {
  switch (request.type) {
    case 'connect':
      fleet = await MeasuredFleet.connect(request.brokerUrl, request.fleet, request.includeKey);
      reply({ type: 'connected' });
      return;
    case 'ingest':
      stopIngest = connected().offer(request.rate);
      reply({ type: 'ingesting' });
      return;
    case 'burst':
      reply({ type: 'measured', result: await connected().burst(request.perDatalogger) });
      return;
    case 'steady':
      reply({
        type: 'measured',
        result: await connected().steady(request.rate, request.seconds),
      });
      return;
    case 'offer':
      reply({ type: 'offered', result: await offer(request) });
      return;
    case 'stop':
      stopIngest();
      await fleet?.disconnect();
      process.disconnect();
  }
}

process.on('message', (request: GeneratorRequest) => {
  handle(request).catch((error: unknown) => {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  });
});
