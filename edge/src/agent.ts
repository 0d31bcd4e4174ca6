import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type CommandReply,
  type DataloggerAck,
  type DeviceReading,
  MAX_MESSAGE_BYTES,
  MAX_RECORDS_PER_MESSAGE,
} from '@solar/contract';
import { DiskBuffer } from './buffer/disk-buffer.js';
import { CommandHandler } from './commands/command-handler.js';
import type { AgentConfig } from './config.js';
import { ModbusBus } from './modbus/modbus-bus.js';
import { PortalLink } from './portal/portal-link.js';
import { type DeviceLog, SunSpecDevice } from './sunspec/sunspec-device.js';

/** A batch sent but not acknowledged within this long is sent again. */
const RESEND_AFTER_MS = 30_000;
/** Room left in a message for the batch's wrapping and the key. */
const MESSAGE_HEADROOM_BYTES = 4096;

interface Unit {
  bus: ModbusBus;
  unitId: number;
  device: SunSpecDevice | null;
  failing: boolean;
  lastReadAt: string | null;
}

export type AgentLog = DeviceLog;

/**
 * The edge agent: finds the SunSpec devices on its buses, reads them every interval into one
 * record, keeps each record on disk until the portal acknowledges it, and carries out the
 * portal's commands. Buses are read side by side, so one dead bus never delays the others.
 */
export class EdgeAgent {
  private readonly units: Unit[];
  private readonly buses: ModbusBus[];
  private readonly link: PortalLink;
  private readonly commands: CommandHandler;
  private buffer: DiskBuffer | null = null;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: { timestamps: string[]; sentAt: number } | null = null;
  private polling: Promise<void> = Promise.resolve();
  private stopped = false;
  private isPolling = false;

  constructor(
    private readonly config: AgentConfig,
    private readonly log: AgentLog,
  ) {
    this.buses = config.devices.map((busConfig) => new ModbusBus(busConfig));
    this.units = config.devices.flatMap((busConfig, index) => {
      const bus = this.buses[index]!;
      return busConfig.unitIds.map((unitId) => ({
        bus,
        unitId,
        device: null,
        failing: false,
        lastReadAt: null,
      }));
    });
    this.link = new PortalLink(config.portal, {
      onConnect: () => {
        log.info(`connected to the portal at ${config.portal.url} as ${config.portal.sn}`);
        this.inFlight = null;
        this.inBackground(this.sendBacklog(), 'sending to the portal');
      },
      onAck: (ack) => this.inBackground(this.acknowledged(ack), 'an ack'),
      onCommand: (command) =>
        this.inBackground(this.commands.handle(command), `command ${command.id}`),
      onProblem: (message) => log.warn(message),
    });
    this.commands = new CommandHandler({
      ownSn: config.portal.sn,
      deviceOf: (sn) => this.units.find((unit) => unit.device?.sn === sn)?.device ?? undefined,
      reportNow: () => this.pollOnce(),
      restart: () => this.restart(),
      reply: (reply: CommandReply) => this.link.reply(reply),
    });
  }

  async start(): Promise<void> {
    this.buffer = await DiskBuffer.open(
      this.config.bufferDir,
      this.config.bufferBudgetMb * 1024 * 1024,
    );
    if (this.buffer.size)
      this.log.info(`${this.buffer.size} readings wait in the buffer for the portal`);
    await this.link.connect();
    await this.pollOnce();
    this.timer = setInterval(() => {
      // A poll still under way (a slow bus) is not queued behind: this tick is left out.
      if (!this.isPolling) void this.pollOnce();
    }, this.config.intervalSeconds * 1000);
  }

  /** Stops polling, waits for the poll under way, says offline and closes (SIGTERM). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.polling;
    await this.link.close();
    await Promise.all(this.buses.map((bus) => bus.close()));
    await this.writeStatus();
  }

  /** One poll: every bus at once, the units of a bus one after the other. */
  pollOnce(): Promise<void> {
    const run = this.polling.then(async () => {
      if (this.stopped) return;
      this.isPolling = true;
      try {
        const ts = new Date().toISOString();
        const readings = await Promise.all(this.buses.map((bus) => this.readBus(bus)));
        const devices = readings.flat();
        if (devices.length) await this.buffer?.add({ ts, devices });
        await this.sendBacklog();
        await this.writeStatus();
      } finally {
        this.isPolling = false;
      }
    });
    this.polling = run.catch((error: unknown) =>
      this.log.warn(`poll: ${(error as Error).message}`),
    );
    return this.polling;
  }

  private async readBus(bus: ModbusBus): Promise<DeviceReading[]> {
    const readings: DeviceReading[] = [];
    for (const unit of this.units.filter((candidate) => candidate.bus === bus)) {
      const reading = await this.readUnit(unit);
      if (reading) readings.push(reading);
    }
    return readings;
  }

  private async readUnit(unit: Unit): Promise<DeviceReading | null> {
    const where = `${unit.bus.address} unit ${unit.unitId}`;
    try {
      unit.device ??= await SunSpecDevice.discover(unit.bus, unit.unitId, this.log);
      if (!unit.device) {
        this.noteFailure(unit, `${where}: no SunSpec device found`);
        return null;
      }
      const reading = await unit.device.read();
      if (unit.failing) this.log.info(`${unit.device.sn} (${where}) answers again`);
      unit.failing = false;
      unit.lastReadAt = new Date().toISOString();
      return reading;
    } catch (error) {
      this.noteFailure(unit, `${unit.device?.sn ?? where}: ${(error as Error).message}`);
      return null;
    }
  }

  private noteFailure(unit: Unit, message: string): void {
    if (!unit.failing) this.log.warn(message);
    unit.failing = true;
  }

  private async sendBacklog(): Promise<void> {
    const buffer = this.buffer;
    if (!buffer || !this.link.connected || !buffer.size) return;
    if (this.inFlight && Date.now() - this.inFlight.sentAt < RESEND_AFTER_MS) return;
    // Claimed before reading the disk: a poll, an ack and a reconnect may all call at once.
    const claim = { timestamps: [] as string[], sentAt: Date.now() };
    this.inFlight = claim;
    const records = await buffer.oldest(
      MAX_RECORDS_PER_MESSAGE,
      MAX_MESSAGE_BYTES - MESSAGE_HEADROOM_BYTES,
    );
    if (!records.length) {
      this.inFlight = null;
      return;
    }
    claim.timestamps = records.map((record) => record.ts);
    await this.link.sendRecords(records).catch((error: unknown) => {
      this.inFlight = null;
      this.log.warn(`sending to the portal: ${(error as Error).message}`);
    });
  }

  private async acknowledged(ack: DataloggerAck): Promise<void> {
    const refused = ack.refused ?? [];
    for (const refusal of refused)
      this.log.warn(
        `the portal refused the reading of ${refusal.ts}${refusal.sn ? ` for ${refusal.sn}` : ''}: ${refusal.reason}`,
      );
    // A refused record is never stored: sending it again cannot help (protocol 1.3).
    const done = [...ack.ts, ...refused.map((refusal) => refusal.ts)];
    await this.buffer?.remove(done);
    // A claim still reading the disk (no timestamps yet) is not the batch this ack answers.
    const batch = this.inFlight?.timestamps ?? [];
    if (batch.length > 0 && batch.every((ts) => done.includes(ts))) this.inFlight = null;
    await this.sendBacklog();
  }

  /** Work started by a portal message: a failure is logged, never left to stop the agent. */
  private inBackground(work: Promise<void>, what: string): void {
    work.catch((error: unknown) => this.log.warn(`${what}: ${(error as Error).message}`));
  }

  /** `datalogger.restart`: the buses are opened again and every device found anew. */
  private async restart(): Promise<void> {
    this.log.info("restarting on the portal's command: finding the devices again");
    await Promise.all(this.buses.map((bus) => bus.close()));
    for (const unit of this.units) unit.device = null;
  }

  private async writeStatus(): Promise<void> {
    const status = {
      updatedAt: new Date().toISOString(),
      portal: {
        url: this.config.portal.url,
        sn: this.config.portal.sn,
        connected: this.link.connected,
      },
      buffered: this.buffer?.size ?? 0,
      dropped: this.buffer?.dropped ?? 0,
      devices: this.units.map((unit) => ({
        bus: unit.bus.address,
        unitId: unit.unitId,
        sn: unit.device?.sn ?? null,
        models: unit.device?.modelIds ?? [],
        answering: !unit.failing,
        lastReadAt: unit.lastReadAt,
      })),
    };
    await writeFile(
      statusFileOf(this.config.bufferDir),
      `${JSON.stringify(status, null, 2)}\n`,
    ).catch(() => undefined);
  }
}

export const statusFileOf = (bufferDir: string) => path.join(bufferDir, 'status.json');
