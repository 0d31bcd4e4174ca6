import { readFile } from 'node:fs/promises';
import { serialNumber } from '@solar/contract';
import { z } from 'zod';

const MODBUS_UNIT_ID = z.number().int().min(0).max(247);

/**
 * Where a device bus is: `tcp://host:port` (Modbus TCP), `rtu+tcp://host:port` (RTU framing
 * through a serial-to-Ethernet gateway) or `rtu:///dev/ttyUSB0` (a local serial port).
 */
const modbusAddress = z
  .string()
  .max(256)
  .regex(/^(tcp|rtu\+tcp):\/\/[^/:\s]+:\d{1,5}$|^rtu:\/\/\/\S+$/, {
    message: 'expected tcp://host:port, rtu+tcp://host:port or rtu:///dev/…',
  });

const serialLine = z.strictObject({
  baudRate: z.number().int().min(1200).max(115_200).default(9600),
  parity: z.enum(['none', 'even', 'odd']).default('none'),
  dataBits: z.union([z.literal(7), z.literal(8)]).default(8),
  stopBits: z.union([z.literal(1), z.literal(2)]).default(1),
});

const deviceBus = z.strictObject({
  modbus: modbusAddress,
  unitIds: z.array(MODBUS_UNIT_ID).min(1).max(32),
  /** Only for `rtu:///…`: the serial line's settings. */
  serial: serialLine.optional(),
  timeoutMs: z.number().int().min(100).max(30_000).default(1000),
});

export const agentConfig = z.strictObject({
  portal: z.strictObject({
    url: z
      .string()
      .regex(/^mqtts?:\/\/[^/\s]+$/, { message: 'expected mqtt://host:port or mqtts://host:port' }),
    sn: serialNumber,
    key: z.string().min(1).max(128),
    /** A CA certificate (PEM) to trust for `mqtts://`, when the portal's is not publicly signed. */
    caFile: z.string().min(1).optional(),
  }),
  intervalSeconds: z.number().int().min(1).max(3600).default(10),
  bufferDir: z.string().min(1),
  /** Disk the unacknowledged readings may take; past it the oldest are dropped and counted. */
  bufferBudgetMb: z.number().min(1).max(100_000).default(100),
  devices: z.array(deviceBus).min(1).max(64),
});

export type AgentConfig = z.infer<typeof agentConfig>;
export type DeviceBusConfig = AgentConfig['devices'][number];

export class ConfigError extends Error {}

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.map((part) =>
    typeof part === 'number' ? `[${part}]` : `.${String(part)}`,
  );
  const name = field.join('').replace(/^\./, '') || '(the file)';
  if (issue.code === 'unrecognized_keys') return `${name}: unknown field ${issue.keys.join(', ')}`;
  return `${name}: ${issue.message}`;
}

/** Parses a config's JSON text; a bad one is refused with every field it names. */
export function parseConfig(text: string): AgentConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`the config is not JSON: ${(error as Error).message}`);
  }
  const parsed = agentConfig.safeParse(json);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map(describe).join('\n'));
  return parsed.data;
}

export async function loadConfig(file: string): Promise<AgentConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read the config ${file}: ${(error as Error).message}`);
  }
  return parseConfig(text);
}
