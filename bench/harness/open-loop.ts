import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { summarizeLatencies, type LatencySummary } from './latency.js';

export interface OpenLoopOffer {
  url: string;
  token: string;
  paths: readonly string[];
  rate: number;
  seconds: number;
  connections: number;
}

export interface OpenLoopResult extends LatencySummary {
  served: number;
  errors: number;
}

/**
 * Offers `rate` GET requests a second, evenly spaced, over at most `connections` kept-alive
 * connections, whatever the answers take (an open loop: a slow answer delays no later
 * request). Each latency counts from the moment its request was due, so time spent waiting
 * for a free connection is latency too, as a user would see it.
 */
export async function offerOpenLoop(offer: OpenLoopOffer): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: offer.connections });
  const total = Math.round(offer.rate * offer.seconds);
  const latencies: number[] = [];
  let errors = 0;
  const answers: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / offer.rate;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    const path = offer.paths[index % offer.paths.length]!;
    answers.push(
      get(agent, `${offer.url}${path}`, offer.token).then((isOk) => {
        latencies.push(performance.now() - due);
        if (!isOk) errors += 1;
      }),
    );
  }
  await Promise.all(answers);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { ...summarizeLatencies(latencies), served: total / seconds, errors };
}

/** An envelope with a code other than 0. */
const REFUSED = /^\{"code":[1-9]/;

/** Resolves whether the answer was HTTP 200 and no refusal, after reading it all. */
function get(agent: http.Agent, url: string, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        resolve(response.statusCode === 200 && !REFUSED.test(body));
      });
      response.on('error', () => resolve(false));
    });
    request.on('error', () => resolve(false));
  });
}
