import type { FastifyInstance } from 'fastify';
import { summarizeLatencies } from './latency.js';
import { ms } from './report.js';

/**
 * How long the server itself took per route, from receiving a request to sending its answer
 * (Fastify's `reply.elapsedTime`), while recording. Beside the load generator's figures, which
 * count from when each request was due, it tells time spent in the server from time spent
 * waiting for the generator, the network or a free connection.
 */
export class ServerTimes {
  private recording = false;
  private readonly byRoute = new Map<string, number[]>();

  constructor(app: FastifyInstance) {
    app.addHook('onResponse', async (request, reply) => {
      if (!this.recording) return;
      const route = request.routeOptions.url ?? request.url;
      const times = this.byRoute.get(route) ?? [];
      times.push(reply.elapsedTime);
      this.byRoute.set(route, times);
    });
  }

  start(): void {
    this.byRoute.clear();
    this.recording = true;
  }

  /** The routes' rows (route, count, p50, p99, max), all routes together first. */
  stop(): string[][] {
    this.recording = false;
    const all = [...this.byRoute.values()].flat();
    return [['all', all] as const, ...[...this.byRoute.entries()].sort()].map(([route, times]) => {
      const summary = summarizeLatencies(times);
      return [route, String(summary.count), ms(summary.p50), ms(summary.p99), ms(summary.max)];
    });
  }
}
