import type { Logger } from 'pino';
import type { Config } from '../config/config.js';

/** Hands one text message to whoever delivers it; throws when it is refused, for a retry. */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

/** Without a gateway (embedded mode) the outbox and the log are the delivery. */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly logger: Logger) {}

  send(to: string, text: string): Promise<void> {
    this.logger.info({ to, text }, 'sms sent to the log (no SMS_HTTP_URL)');
    return Promise.resolve();
  }
}

/** Waits this long for the gateway before the attempt counts as failed. */
const HTTP_TIMEOUT_MS = 10_000;

/** Posts `{to, text}` as JSON with a bearer token; any answer but 2xx is a failure. */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}

  async send(to: string, text: string): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (!response.ok) {
      throw new Error(`SMS gateway answered ${response.status}: ${await response.text()}`);
    }
  }
}

export function smsProviderFor(
  config: Pick<Config, 'SMS_HTTP_URL' | 'SMS_HTTP_TOKEN'>,
  logger: Logger,
): SmsProvider {
  return config.SMS_HTTP_URL
    ? new HttpSmsProvider(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN)
    : new LogSmsProvider(logger);
}
