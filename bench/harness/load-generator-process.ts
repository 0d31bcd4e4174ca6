import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { FleetDatalogger } from './fleet.js';

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
  | {
      type: 'ingest';
      brokerUrl: string;
      fleet: FleetDatalogger[];
      rate: number;
      includeKey: boolean;
    }
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
  | { type: 'ingesting' }
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

  async ingest(request: Omit<Extract<GeneratorRequest, { type: 'ingest' }>, 'type'>) {
    await this.ask({ type: 'ingest', ...request });
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
