import modbusSerial from 'modbus-serial';
import type { ModbusRTU } from 'modbus-serial/ModbusRTU.js';
import type { DeviceBusConfig } from '../config.js';

/** The largest register count one Modbus read may ask for. */
export const MAX_READ_REGISTERS = 125;
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;

/** modbus-serial is CommonJS exporting its client class as the module; its types call it `default`. */
const ModbusClient = modbusSerial as unknown as typeof ModbusRTU;

export class BusUnavailableError extends Error {}

/** Reads and writes holding registers of the units on one bus. */
export interface RegisterBus {
  read(unitId: number, address: number, count: number): Promise<number[]>;
  write(unitId: number, address: number, values: readonly number[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * One Modbus bus (a TCP endpoint, a serial gateway or a serial port): one request at a time,
 * as RTU requires and small TCP devices prefer; each with its timeout. A connection that fails
 * is tried again after a growing pause (1 s doubling to 60 s); meanwhile requests fail at
 * once, so a dead bus never holds up the agent's other buses.
 */
export class ModbusBus implements RegisterBus {
  private client: ModbusRTU | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private retryDelayMs = FIRST_RETRY_MS;
  private retryAt = 0;

  constructor(private readonly config: DeviceBusConfig) {}

  get address(): string {
    return this.config.modbus;
  }

  read(unitId: number, address: number, count: number): Promise<number[]> {
    return this.exclusive(async (client) => {
      client.setID(unitId);
      const words: number[] = [];
      for (let offset = 0; offset < count; offset += MAX_READ_REGISTERS) {
        const length = Math.min(MAX_READ_REGISTERS, count - offset);
        const answer = await client.readHoldingRegisters(address + offset, length);
        words.push(...answer.data);
      }
      return words;
    });
  }

  write(unitId: number, address: number, values: readonly number[]): Promise<void> {
    return this.exclusive(async (client) => {
      client.setID(unitId);
      await client.writeRegisters(address, [...values]);
    });
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client?.isOpen) await new Promise<void>((resolve) => client.close(() => resolve()));
  }

  private exclusive<T>(operation: (client: ModbusRTU) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => operation(await this.connected()));
    this.queue = run.catch(async (error: unknown) => {
      if (isConnectionLoss(error)) await this.close();
    });
    return run;
  }

  private async connected(): Promise<ModbusRTU> {
    if (this.client?.isOpen) return this.client;
    if (Date.now() < this.retryAt)
      throw new BusUnavailableError(
        `${this.address}: unreachable, next try in ${this.retryAt - Date.now()} ms`,
      );
    const client = new ModbusClient();
    try {
      await this.open(client);
    } catch (error) {
      this.retryAt = Date.now() + this.retryDelayMs;
      this.retryDelayMs = Math.min(this.retryDelayMs * 2, LAST_RETRY_MS);
      throw new BusUnavailableError(`${this.address}: ${(error as Error).message}`);
    }
    client.setTimeout(this.config.timeoutMs);
    this.retryDelayMs = FIRST_RETRY_MS;
    this.client = client;
    return client;
  }

  private async open(client: ModbusRTU): Promise<void> {
    const url = new URL(this.config.modbus);
    if (url.protocol === 'rtu:') {
      const serial = this.config.serial;
      await client.connectRTUBuffered(decodeURIComponent(url.pathname), {
        baudRate: serial?.baudRate ?? 9600,
        parity: serial?.parity ?? 'none',
        dataBits: serial?.dataBits ?? 8,
        stopBits: serial?.stopBits ?? 1,
      });
      return;
    }
    const options = { port: Number(url.port), timeout: this.config.timeoutMs };
    // modbus-serial's "telnet" port carries plain RTU frames over TCP, as serial gateways do.
    if (url.protocol === 'rtu+tcp:') await client.connectTelnet(url.hostname, options);
    else await client.connectTCP(url.hostname, options);
  }
}

/** A timeout or a Modbus exception leaves the connection usable; anything else does not. */
function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  const { name, message } = error as Error & { modbusCode?: number };
  if ('modbusCode' in error) return false;
  return !(name === 'TransactionTimedOutError' || /timed out/i.test(message));
}
