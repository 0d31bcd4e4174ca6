import { isIP } from 'node:net';
import path from 'node:path';
import { API_KEY_QUOTA_LIMITS, parseUpgradeFailures } from '@solar/contract';
import { z } from 'zod';

function isUpgradeFailureList(text: string): boolean {
  try {
    parseUpgradeFailures(text);
    return true;
  } catch {
    return false;
  }
}

const TRUST_PROXY_EXPECTED =
  "expected false, the number of proxy hops in front of the server (e.g. 1), or the proxies' " +
  'addresses and CIDRs, comma-separated (e.g. 10.0.0.5,10.1.0.0/16); true would trust every ' +
  "client's X-Forwarded-For";
/** proxy-addr's names for the usual private ranges, which Fastify's trustProxy accepts too. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** `TRUST_PROXY` as Fastify's trustProxy takes it (false, hops or addresses); null if invalid. */
function trustedProxies(value: string): false | number | string[] | null {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr) ? entries : null;
}

/**
 * All configuration comes from the environment, validated once at start. Each bad value is
 * reported with its variable name and what was expected.
 */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp):\/\//, 'must start with mqtt://, mqtts://, ws:// or wss://')
    .optional(),
  /**
   * Mosquitto's dynamic security admin (`mqtt://admin:password@host:port`): set, the portal keeps
   * each datalogger's account and topics in the plugin (`docs/mosquitto.md`). Only with MQTT_URL.
   */
  MQTT_DYNSEC_URL: z
    .string()
    .regex(/^mqtts?:\/\/[^:@/]+:[^@/]+@/, 'must be mqtt://user:password@host:port (or mqtts://)')
    .optional(),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  /** Open connections one address may hold on the embedded broker (NAT: raise it). */
  MQTT_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  /** Ingestion connections per process in the external broker's shared group. */
  MQTT_INGEST_CONNECTIONS: z.coerce.number().int().min(1).max(5000).default(1000),
  /**
   * Prefix of the ingestion client ids; default `portal-ingest-{hostname}-{PORT}`. A restarted
   * process must come back with the same ids to collect the messages waiting in its sessions.
   */
  MQTT_INGEST_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . -')
    .optional(),
  /** The shared-subscription group; processes in one group split the messages. */
  MQTT_INGEST_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, _ -')
    .default('ingest'),
  /** How long the broker keeps a stopped process's sessions and their waiting messages. */
  MQTT_INGEST_SESSION_EXPIRY_SECONDS: z.coerce.number().int().min(0).max(604_800).default(86_400),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().email('must be an e-mail address').default('portal@localhost'),
  /** Seconds before the first retry of a refused mail; each further retry waits about twice as long. */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Where text messages are posted as JSON `{to, text}`; without it they are only logged. */
  SMS_HTTP_URL: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  /** Bearer token sent with every post to `SMS_HTTP_URL`. */
  SMS_HTTP_TOKEN: z.string().min(1).optional(),
  /** Text messages one account may be sent per day (UTC); more are not queued. */
  SMS_DAILY_CAP: z.coerce.number().int().min(1).max(1000).default(20),
  /** Seconds before the first retry of a refused text message; doubling like mail. */
  SMS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Webhook and push targets on private, loopback or link-local addresses (tests, intranets). */
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Seconds before each retry of a refused webhook delivery; after the last the subscription is
   * disabled. The default spans about 24 hours (tests shorten it).
   */
  WEBHOOKS_RETRY_DELAYS_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'expected seconds separated by commas, e.g. 10,60,300')
    .default('10,60,300,1800,7200,18000,28800,28800')
    .transform((list) => list.split(',').map(Number)),
  /** Seconds between two attempts of a timed switch task whose device did not confirm (offline). */
  SWITCH_TASK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Seconds the database may stay unreachable before /health/live answers 503 (tests shorten it). */
  DATABASE_OUTAGE_LIVENESS_SECONDS: z.coerce.number().min(1).max(86_400).default(300),
  /** Seconds between two polls of an idle job worker (tests use 0.5). */
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** How long a remote command may take before it times out (tests shorten it). */
  COMMAND_TIMEOUT_MS: z.coerce.number().int().min(200).max(600_000).default(20_000),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The key that encrypts secrets stored in the database (TOTP secrets); unset, one is generated
   * once into `DATA_DIR/secrets/column-key`. Every process of one database needs the same.
   */
  COLUMN_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The passkeys' relying-party id: a domain the portal's pages are served under (or a parent of
   * it, so one passkey serves several brand hosts). Unset: the host name of the page asking.
   */
  PASSKEY_RP_ID: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'must be a lower-case domain name, e.g. example.com')
    .optional(),
  /**
   * The Web Push VAPID key pair, base64url as `npx web-push generate-vapid-keys` prints it; unset,
   * one is generated once into `DATA_DIR/secrets/vapid-keys`. Every process of one database needs
   * the same pair: browsers subscribed with its public key.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      'must be an uncompressed P-256 public key in base64url (87 characters)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  /** Whom push services contact about the portal's messages; default `mailto:` and `MAIL_FROM`. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// address')
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** An API key's budget per minute when neither the key nor its company sets one. */
  API_KEY_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(API_KEY_QUOTA_LIMITS.perMinute)
    .default(60),
  /** An API key's budget per day when neither the key nor its company sets one. */
  API_KEY_PER_DAY: z.coerce.number().int().min(1).max(API_KEY_QUOTA_LIMITS.perDay).default(10_000),
  ADMIN_EMAIL: z.string().email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SIMULATOR: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Seconds between two live records of each simulated datalogger (tests use a few). */
  SIMULATOR_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Share of commands the demo simulator leaves unanswered, so timeouts show (e2e: 0). */
  SIMULATOR_COMMAND_DROP_RATE: z.coerce.number().min(0).max(1).default(0.02),
  /** Simulated devices that fail their firmware upgrades, `SN=mode,…` (docs/firmware.md). */
  SIMULATOR_UPGRADE_FAILURES: z
    .string()
    .default('')
    .refine(isUpgradeFailureList, 'must be SN=mode[,SN=mode] with a simulator failure mode'),
  /** Dataloggers whose SN starts with this are left to an outside simulator (the e2e specs'). */
  SIMULATOR_LEAVE_OUT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9-]*$/, 'must be letters, digits or dashes')
    .default(''),
  /** Days of raw samples to keep; unset keeps them forever (rollups are never deleted). */
  RAW_RETENTION_DAYS: z.coerce.number().int().min(1).optional(),
  /** Hours an export file stays downloadable; an hourly job removes it afterwards. */
  EXPORT_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
  /**
   * Video surveillance: `auto` starts the media server and the cameras the server drives on
   * first use of video, `on` at start, `off` never (live and playback then answer code 1303).
   */
  VIDEO: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * RTMP port of the embedded media server, where cameras push: unset takes 1935 while it is
   * free, else a free port (a second portal on the host); 0 any free port; a number that port.
   */
  VIDEO_RTMP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The RTMP address cameras are told to push to; default `rtmp://localhost:{RTMP port}`. */
  VIDEO_RTMP_PUBLIC_URL: z
    .string()
    .regex(/^rtmps?:\/\//, 'must start with rtmp:// or rtmps://')
    .optional(),
  /** An external node-media-server's HTTP address (HTTP-FLV); unset starts the embedded one. */
  MEDIA_SERVER_URL: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  /** The external media server's RTMP address (where the portal relays cameras to). */
  MEDIA_SERVER_RTMP_URL: z
    .string()
    .regex(/^rtmps?:\/\//, 'must start with rtmp:// or rtmps://')
    .optional(),
  /** The external media server's `auth.secret` for signed publish and play URLs. */
  MEDIA_SERVER_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The ffmpeg binary that relays RTSP cameras, records and draws the simulated cameras. */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  /**
   * Which proxies may name the client in `X-Forwarded-*`: `false`, a hop count, or addresses and
   * CIDRs (Fastify's trustProxy forms). `true` is refused: it would let every client choose its
   * address, and so spend another address's attempt budgets.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const trusted = trustedProxies(value);
      if (trusted === null) {
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_EXPECTED });
        return z.NEVER;
      }
      return trusted;
    }),
  /** Set, files live in this bucket of an S3-compatible store instead of `DATA_DIR/objects`. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The S3-compatible service (MinIO, Ceph, R2, …); unset, AWS S3 of `S3_REGION`. */
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset, the AWS SDK's own credential chain (AWS_* variables, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (most S3-compatible services) rather than in the host name. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config extends Omit<Environment, 'DATA_DIR'> {
  DATA_DIR: string;
  /** Embedded mode: no DATABASE_URL, so the embedded PostgreSQL and demo data are used. */
  isEmbedded: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * The S3 settings come as a whole or not at all: both keys or neither (neither, the AWS SDK's
 * credential chain), and none without `S3_BUCKET`, which alone chooses S3 (without it they
 * would be ignored and files kept on the local disk).
 */
function s3Problems(env: Environment): string[] {
  const problems: string[] = [];
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  const withoutBucket = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
    .filter((key) => env.S3_BUCKET === undefined && env[key] !== undefined)
    .join(', ');
  if (withoutBucket) problems.push(`${withoutBucket}: set without S3_BUCKET, which chooses S3`);
  return problems;
}

/** Dynsec refuses anonymous clients, so the portal's own connection needs its user and password. */
function dynsecProblems(env: Environment): string[] {
  if (env.MQTT_DYNSEC_URL === undefined) return [];
  if (env.MQTT_URL === undefined)
    return ['MQTT_DYNSEC_URL: set without MQTT_URL, the broker it manages'];
  const portal = new URL(env.MQTT_URL);
  return portal.username && portal.password
    ? []
    : [
        'MQTT_URL: must carry user and password (mqtt://user:password@host:port) with MQTT_DYNSEC_URL',
      ];
}

/** The VAPID key pair comes whole or not at all (then it is generated). */
function vapidProblems(env: Environment): string[] {
  return (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined)
    ? []
    : ['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together'];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(environmentSchema.shape).map((key) => [
      key,
      env[key] === '' ? undefined : env[key],
    ]),
  );
  const parsed = environmentSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const problems = [
    ...s3Problems(parsed.data),
    ...dynsecProblems(parsed.data),
    ...vapidProblems(parsed.data),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    isEmbedded: parsed.data.DATABASE_URL === undefined,
  };
}
