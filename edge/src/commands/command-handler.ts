import { type CommandMessage, type CommandReply, settingValues } from '@solar/contract';
import { z } from 'zod';
import type { SunSpecDevice } from '../sunspec/sunspec-device.js';

/** Final answers kept to repeat for a command the portal sends again (protocol 8.1). */
const REMEMBERED_ANSWERS = 200;

export interface CommandContext {
  ownSn: string;
  deviceOf(sn: string): SunSpecDevice | undefined;
  /** Reads every device and sends the fresh record at once, after a command changed a state. */
  reportNow(): Promise<void>;
  restart(): Promise<void>;
  reply(reply: CommandReply): Promise<void>;
}

/** The register-map key of an inverter's active-power limit (packages/contract/src/register-maps). */
const POWER_LIMIT_KEY = 'activePowerLimitPct';
const settingsArgs = z.object({
  values: settingValues.optional(),
  keys: z.array(z.string()).optional(),
});

type Outcome = Pick<CommandReply, 'state' | 'result' | 'reason'>;

const failed = (reason: string): Outcome => ({ state: 'failed', reason });

/**
 * Carries out the portal's commands (docs/device-protocol.md, 8) on the devices: boot and
 * shutdown through SunSpec model 123, answered with the state read back from the device. A
 * command no SunSpec device can do here is refused at once instead of left to time out.
 */
export class CommandHandler {
  private readonly answers = new Map<string, CommandReply>();

  constructor(private readonly context: CommandContext) {}

  async handle(command: CommandMessage): Promise<void> {
    const known = this.answers.get(command.id);
    if (known) return this.context.reply(known);
    if (Date.parse(command.deadline) < Date.now())
      return this.finish(command, failed('The deadline had passed when the command arrived'));
    await this.context.reply({ id: command.id, state: 'accepted' });
    const outcome = await this.carryOut(command).catch((error: unknown) =>
      failed(`The device did not answer: ${(error as Error).message}`.slice(0, 500)),
    );
    await this.finish(command, outcome);
    if (command.name === 'datalogger.restart' && outcome.state === 'done')
      await this.context.restart();
  }

  private async carryOut(command: CommandMessage): Promise<Outcome> {
    if (command.target === this.context.ownSn) {
      if (command.name === 'datalogger.restart') return { state: 'done' };
      return failed(`The edge agent does not do ${command.name}`);
    }
    const device = this.context.deviceOf(command.target);
    if (!device) return failed(`No device ${command.target} behind this edge agent`);
    if (!device.canSwitch)
      return failed(`${device.sn} has no SunSpec model 123 (immediate controls)`);
    if (command.name === 'settings.read' || command.name === 'settings.write')
      return this.powerLimitSetting(device, command);
    if (command.name !== 'inverter.boot' && command.name !== 'inverter.shutdown')
      return failed(`A SunSpec device behind the edge agent cannot do ${command.name}`);
    const wanted = command.name === 'inverter.boot';
    const isOn = await device.switchTo(wanted);
    if (isOn !== wanted) return failed(`${device.sn} kept its connection ${isOn ? 'on' : 'off'}`);
    await this.context.reportNow();
    return { state: 'done', result: { switch: isOn ? 'on' : 'off' } };
  }

  /**
   * The one setting a SunSpec inverter offers through the agent: `activePowerLimitPct`, the
   * model 123 limit, written and read back (`settings.write`) or read (`settings.read`).
   */
  private async powerLimitSetting(
    device: SunSpecDevice,
    command: CommandMessage,
  ): Promise<Outcome> {
    const args = settingsArgs.safeParse(command.args);
    if (!args.success) return failed('The settings command has no valid values or keys');
    const { values, keys } = args.data;
    const asked = Object.keys(values ?? {}).concat(keys ?? []);
    const unknown = asked.filter((key) => key !== POWER_LIMIT_KEY);
    if (unknown.length)
      return failed(`Unknown setting ${unknown.join(', ')} for a SunSpec inverter`);
    const wanted = values?.[POWER_LIMIT_KEY];
    if (command.name === 'settings.write' && typeof wanted !== 'number')
      return failed(`${POWER_LIMIT_KEY} must be a number of percent`);
    const limit =
      typeof wanted === 'number' ? await device.limitPowerTo(wanted) : await device.powerLimitPct();
    if (limit === undefined) return failed(`${device.sn} does not implement WMaxLimPct`);
    if (typeof wanted === 'number') await this.context.reportNow();
    return { state: 'done', result: { values: { [POWER_LIMIT_KEY]: limit } } };
  }

  private async finish(command: CommandMessage, outcome: Outcome): Promise<void> {
    const reply: CommandReply = { id: command.id, ...outcome };
    this.answers.set(command.id, reply);
    if (this.answers.size > REMEMBERED_ANSWERS) {
      const [oldest] = this.answers.keys();
      if (oldest) this.answers.delete(oldest);
    }
    await this.context.reply(reply);
  }
}
