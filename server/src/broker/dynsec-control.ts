import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { z } from 'zod';

/** How long the first connection may take before the start fails (later ones retry). */
const FIRST_CONNECT_MS = 30_000;

const REQUEST_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = '$CONTROL/dynamic-security/v1/response';
const RESPONSE_TIMEOUT_MS = 15_000;
/** Commands per request message; the plugin answers each message with one response array. */
const COMMANDS_PER_MESSAGE = 100;
/** The response of a request larger than a page is at most a page of clients with their roles. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export type DynsecCommand = { command: string } & Record<string, unknown>;

const responsesSchema = z.object({
  responses: z
    .array(
      z.object({
        command: z.string().max(64),
        error: z.string().max(1000).optional(),
        data: z.unknown().optional(),
        correlationData: z.string().max(64).optional(),
      }),
    )
    .max(COMMANDS_PER_MESSAGE),
});

export type DynsecResponse = z.infer<typeof responsesSchema>['responses'][number];

interface PendingRequest {
  resolve(responses: DynsecResponse[]): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** Each command carries its request's id, which the plugin echoes in its response. */
function requestIdOf(responses: readonly DynsecResponse[]): string | undefined {
  return responses[0]?.correlationData;
}

export interface DynsecControlOptions {
  /** Told after the admin connection came back: changes sent meanwhile may be lost. */
  onReconnect?(): void;
}

/**
 * The admin connection to Mosquitto's dynamic security plugin: JSON commands published on
 * `$CONTROL/dynamic-security/v1`, answered on `…/response` to this client only, one response
 * array per request message, paired with its request by the echoed `correlationData`.
 */
export class DynsecControl {
  private readonly pending = new Map<string, PendingRequest>();
  private nextRequestId = 1;
  private hasConnected = false;

  private constructor(
    private readonly client: MqttClient,
    private readonly logger: Logger,
  ) {}

  static async connect(
    url: string,
    logger: Logger,
    options: DynsecControlOptions = {},
  ): Promise<DynsecControl> {
    const client = mqtt.connect(url, {
      clientId: `portal-dynsec-${process.pid}-${Math.random().toString(36).slice(2, 10)}`,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      resubscribe: false,
    });
    const control = new DynsecControl(client, logger);
    client.on('message', (_topic, payload) => control.answer(payload));
    client.on('close', () => control.failPending('the dynsec admin connection closed'));
    client.on('error', (error) => logger.warn({ err: error }, 'dynsec admin connection error'));
    client.on('connect', () => {
      // The response subscription first: a command sent before it would go unanswered.
      if (control.hasConnected) {
        client.subscribeAsync(RESPONSE_TOPIC, { qos: 0 }).then(
          () => options.onReconnect?.(),
          (error: unknown) => logger.warn({ err: error }, 'dynsec responses not subscribed'),
        );
      }
      control.hasConnected = true;
    });
    try {
      // A broker that never answers (a black-holed address) emits no error, only reconnects.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the dynsec broker did not answer within ${FIRST_CONNECT_MS} ms`)),
          FIRST_CONNECT_MS,
        );
        client.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
        client.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      });
      await client.subscribeAsync(RESPONSE_TOPIC, { qos: 0 });
    } catch (error) {
      // Refused (a wrong admin password): stop, instead of retrying behind a failed start.
      await client.endAsync(true);
      throw error;
    }
    return control;
  }

  /** Sends the commands (in messages of up to 100) and answers their responses in order. */
  async send(commands: readonly DynsecCommand[]): Promise<DynsecResponse[]> {
    const responses: DynsecResponse[] = [];
    for (let start = 0; start < commands.length; start += COMMANDS_PER_MESSAGE) {
      responses.push(...(await this.request(commands.slice(start, start + COMMANDS_PER_MESSAGE))));
    }
    return responses;
  }

  /** Like `send`, but a command answered with an error throws it. */
  async run(commands: readonly DynsecCommand[]): Promise<DynsecResponse[]> {
    const responses = await this.send(commands);
    const failed = responses.find((response) => response.error !== undefined);
    if (failed) throw new Error(`dynsec ${failed.command}: ${failed.error}`);
    return responses;
  }

  async close(): Promise<void> {
    await this.client.endAsync();
    this.failPending('the dynsec admin connection was closed');
  }

  private request(commands: readonly DynsecCommand[]): Promise<DynsecResponse[]> {
    const id = String(this.nextRequestId++);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('dynsec: the dynamic security plugin did not answer in time'));
      }, RESPONSE_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      const tagged = commands.map((command) => ({ ...command, correlationData: id }));
      this.client.publish(REQUEST_TOPIC, JSON.stringify({ commands: tagged }), { qos: 0 });
    });
  }

  private answer(payload: Buffer): void {
    const parsed =
      payload.length <= MAX_RESPONSE_BYTES ? responsesSchema.safeParse(parseJson(payload)) : null;
    if (!parsed?.success) {
      this.logger.warn('dynsec: a response that is not the plugin’s format');
      return;
    }
    const id = requestIdOf(parsed.data.responses);
    const request = id === undefined ? undefined : this.pending.get(id);
    if (!request || id === undefined) return;
    this.pending.delete(id);
    clearTimeout(request.timer);
    request.resolve(parsed.data.responses);
  }

  private failPending(reason: string): void {
    for (const request of this.pending.values()) {
      clearTimeout(request.timer);
      request.reject(new Error(`dynsec: ${reason}`));
    }
    this.pending.clear();
  }
}

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
}
