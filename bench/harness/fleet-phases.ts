/**
 * The ingestion bench's two measures, run by the fleet's own process (load-generator.ts): every
 * message counts from its QoS 1 publish to the datalogger receiving the application ack that
 * follows the commit.
 */
import { performance } from 'node:perf_hooks';
import type { MqttClient } from 'mqtt';
import { connectFleet, type FleetDatalogger, fleetMessage } from './fleet.js';
import { type LatencySummary, summarizeLatencies } from './latency.js';

const DRAIN_TIMEOUT_MS = 120_000;
const TICK_MS = 20;

export interface PhaseResult {
  messages: number;
  seconds: number;
  latency: LatencySummary;
  isComplete: boolean;
}

class AckTracker {
  private readonly sentAt = new Map<string, number>();
  readonly latencies: number[] = [];
  lastAckAt = 0;

  sent(sn: string, ts: string): void {
    this.sentAt.set(`${sn}|${ts}`, performance.now());
  }

  acked(sn: string, ts: readonly string[]): void {
    const now = performance.now();
    for (const t of ts) {
      const key = `${sn}|${t}`;
      const at = this.sentAt.get(key);
      if (at === undefined) continue;
      this.sentAt.delete(key);
      this.latencies.push(now - at);
      this.lastAckAt = now;
    }
  }

  get pending(): number {
    return this.sentAt.size;
  }

  reset(): void {
    this.latencies.length = 0;
  }

  async drained(): Promise<boolean> {
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (this.pending > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return this.pending === 0;
  }
}

/** A connected fleet that publishes numbered messages and tracks their acks. */
export class MeasuredFleet {
  private readonly tracker = new AckTracker();
  private readonly nextSeq: number[];
  private clients: readonly MqttClient[] = [];
  /** Every ack received, measured or not. */
  ackedRecords = 0;

  private constructor(
    private readonly dataloggers: readonly FleetDatalogger[],
    private readonly includeKey: boolean,
  ) {
    this.nextSeq = dataloggers.map(() => 0);
  }

  static async connect(
    brokerUrl: string,
    dataloggers: readonly FleetDatalogger[],
    includeKey: boolean,
  ): Promise<MeasuredFleet> {
    const fleet = new MeasuredFleet(dataloggers, includeKey);
    fleet.clients = await connectFleet(brokerUrl, dataloggers, (sn, ts) => {
      fleet.ackedRecords += ts.length;
      fleet.tracker.acked(sn, ts);
    });
    return fleet;
  }

  /** Publishes `rate` messages/s round-robin, unmeasured, until the returned stop is called. */
  offer(rate: number): () => void {
    let published = 0;
    let next = 0;
    const started = performance.now();
    const timer = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; published < due; published += 1) {
        this.publish(next);
        next = (next + 1) % this.clients.length;
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }

  async disconnect(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.endAsync(true)));
  }

  /** Every datalogger publishes `perDatalogger` messages at once: messages/s at saturation. */
  async burst(perDatalogger: number): Promise<PhaseResult> {
    this.tracker.reset();
    const started = performance.now();
    for (let m = 0; m < perDatalogger; m += 1)
      for (let i = 0; i < this.clients.length; i += 1) this.publish(i);
    return this.result(started, await this.tracker.drained());
  }

  /** `rate` messages/s offered round-robin for `seconds`, then waits for the last acks. */
  async steady(rate: number, seconds: number): Promise<PhaseResult> {
    this.tracker.reset();
    const started = performance.now();
    let published = 0;
    let next = 0;
    while (performance.now() - started < seconds * 1000) {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; published < due; published += 1) {
        this.publish(next);
        next = (next + 1) % this.clients.length;
      }
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    return this.result(started, await this.tracker.drained());
  }

  private publish(index: number): void {
    const dl = this.dataloggers[index]!;
    const seq = this.nextSeq[index]!;
    this.nextSeq[index] = seq + 1;
    const { ts, body } = fleetMessage(dl, seq, this.includeKey);
    this.tracker.sent(dl.sn, ts);
    this.clients[index]!.publish(`dl/${dl.sn}/data`, body, { qos: 1 });
  }

  private result(started: number, isComplete: boolean): PhaseResult {
    return {
      messages: this.tracker.latencies.length,
      seconds: (this.tracker.lastAckAt - started) / 1000,
      latency: summarizeLatencies(this.tracker.latencies),
      isComplete,
    };
  }
}
