/**
 * The API bench's load, in a process of its own so that the server's event loop carries only the
 * server: a datalogger fleet publishing at a fixed rate through the broker, and HTTP requests
 * offered at a fixed rate with evenly spaced arrivals (open-loop.ts). Driven by `LoadGenerator` (load-generator-process.ts)
 * over the fork's IPC channel.
 */
import { performance } from 'node:perf_hooks';
import type { MqttClient } from 'mqtt';
import { connectFleet, type FleetDatalogger, fleetMessage } from './fleet.js';
import { offerOpenLoop } from './open-loop.js';
import type { GeneratorReply, GeneratorRequest, OfferResult } from './load-generator-process.js';

const TICK_MS = 20;

let clients: MqttClient[] = [];
let acked = 0;
let stopIngest = () => {};

function reply(message: GeneratorReply): void {
  process.send!(message);
}

/** Publishes `rate` messages/s round-robin over the fleet until stopped. */
function startIngest(fleet: readonly FleetDatalogger[], rate: number, includeKey: boolean) {
  const seq = fleet.map(() => 0);
  let published = 0;
  let next = 0;
  const started = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; published < due; published += 1) {
      const dl = fleet[next]!;
      const { body } = fleetMessage(dl, seq[next]!, includeKey);
      seq[next] = seq[next]! + 1;
      clients[next]!.publish(`dl/${dl.sn}/data`, body, { qos: 1 });
      next = (next + 1) % fleet.length;
    }
  }, TICK_MS);
  return () => clearInterval(timer);
}

async function offer(request: Extract<GeneratorRequest, { type: 'offer' }>): Promise<OfferResult> {
  const ackedBefore = acked;
  const started = performance.now();
  const result = await offerOpenLoop(request);
  return {
    served: result.served,
    p50: result.p50,
    p99: result.p99,
    max: result.max,
    errors: result.errors,
    ingestedPerSecond: (acked - ackedBefore) / ((performance.now() - started) / 1000),
  };
}

async function handle(request: GeneratorRequest): Promise<void> {
  switch (request.type) {
    case 'ingest':
      clients = await connectFleet(request.brokerUrl, request.fleet, (_sn, ts) => {
        acked += ts.length;
      });
      stopIngest = startIngest(request.fleet, request.rate, request.includeKey);
      reply({ type: 'ingesting' });
      return;
    case 'offer':
      reply({ type: 'offered', result: await offer(request) });
      return;
    case 'stop':
      stopIngest();
      await Promise.all(clients.map((client) => client.endAsync()));
      process.disconnect();
  }
}

process.on('message', (request: GeneratorRequest) => {
  handle(request).catch((error: unknown) => {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  });
});
