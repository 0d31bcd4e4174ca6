import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { FleetDatalogger } from './fleet.js';
import type { PhaseResult } from './fleet-phases.js';

/** What one offered HTTP load measured, and how many messages the fleet had acked meanwhile. */
export interface OfferResult {
  served: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  ingestedPerSecond: number;
}

export type GeneratorRequest =
  | { type: 'connect'; brokerUrl: string; fleet: FleetDatalogger[]; includeKey: boolean }
  | { type: 'ingest'; rate: number }
  | { type: 'burst'; perDatalogger: number }
  | { type: 'steady'; rate: number; seconds: number }
  | {
      type: 'offer';
      url: string;
      token: string;
      paths: string[];
      rate: number;
      seconds: number;
      connections: number;
    }
  | { type: 'stop' };

export type GeneratorReply =
  | { type: 'connected' }
  | { type: 'ingesting' }
  | { type: 'measured'; result: PhaseResult }
  | { type: 'offered'; result: OfferResult }
  | { type: 'failed'; message: string };

/** The load generator process (load-generator.ts), one request at a time. */
export class LoadGenerator {
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'load-generator.ts'), {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
  }

  /** Connects one MQTT client per datalogger of `fleet`. */
  async connect(request: Omit<Extract<GeneratorRequest, { type: 'connect' }>, 'type'>) {
    await this.ask({ type: 'connect', ...request });
  }

  /** The connected fleet publishes `rate` messages/s until stopped. */
  async ingest(rate: number) {
    await this.ask({ type: 'ingest', rate });
  }

  async burst(perDatalogger: number): Promise<PhaseResult> {
    return this.measured(await this.ask({ type: 'burst', perDatalogger }));
  }

  async steady(rate: number, seconds: number): Promise<PhaseResult> {
    return this.measured(await this.ask({ type: 'steady', rate, seconds }));
  }

  async offer(request: Omit<Extract<GeneratorRequest, { type: 'offer' }>, 'type'>) {
    const answer = await this.ask({ type: 'offer', ...request });
    return (answer as Extract<GeneratorReply, { type: 'offered' }>).result;
  }

  /** Stops the fleet and waits for the process to end. */
  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' } satisfies GeneratorRequest);
    await exited;
  }

  private measured(answer: GeneratorReply): PhaseResult {
    return (answer as Extract<GeneratorReply, { type: 'measured' }>).result;
  }

  private ask(request: GeneratorRequest): Promise<GeneratorReply> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load generator exited: ${code}`));
      this.child.once('exit', onExit);
      this.child.once('message', (answer: GeneratorReply) => {
        this.child.off('exit', onExit);
        if (answer.type === 'failed') reject(new Error(answer.message));
        else resolve(answer);
      });
      this.child.send(request);
    });
  }
}
