import { ErrorCode } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import { type CommandsService, outcomeCode } from '../commands/commands.service.js';
import { AppError } from '../errors/app-error.js';
import type { GatewayProtocolChange, GatewaysService } from './gateways.service.js';

/**
 * A datalogger's communication settings change as a command: checked (remote settings on, not
 * the same settings), sent as `settings.write`, and stored only once the datalogger confirmed
 * it holds them; 602 when it is offline, 604 or 1 with the device's reason otherwise.
 */
export class GatewayProtocolService {
  constructor(
    private readonly gateways: GatewaysService,
    private readonly commands: CommandsService,
  ) {}

  async change(auth: AuthContext, sn: string, change: GatewayProtocolChange) {
    await this.gateways.checkProtocolChange(auth, sn, change);
    const sent = await this.commands.send(
      auth,
      await this.commands.gateway(auth, sn),
      'settings.write',
      { values: { transport: change.transport, reportingIntervalS: change.reportIntervalSeconds } },
    );
    const code = outcomeCode(sent);
    if (code !== ErrorCode.ok) throw new AppError(code, undefined, { reason: sent.reason });
    return this.gateways.setProtocol(auth, sn, change);
  }
}
