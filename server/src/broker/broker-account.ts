import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { DynsecCommand } from './dynsec-control.js';

/** Marks the dynsec clients the portal keeps for dataloggers; others (admin, tools) are never touched. */
export const DATALOGGER_TEXTNAME = 'solar-portal datalogger';
export const PORTAL_TEXTNAME = 'solar-portal ingestion';
const DATALOGGER_ROLE_PREFIX = 'solar-datalogger-';
const PORTAL_ROLE = 'solar-portal';

const aclSchema = z.object({
  acltype: z.string().max(64),
  topic: z.string().max(1024),
  allow: z.boolean(),
});
type Acl = z.infer<typeof aclSchema>;

export const brokerClientSchema = z.object({
  username: z.string().max(1024),
  clientid: z.string().max(1024).optional(),
  textname: z.string().max(1024).optional(),
  textdescription: z.string().max(1024).optional(),
  roles: z.array(z.object({ rolename: z.string().max(1024) })).default([]),
});
export type BrokerClient = z.infer<typeof brokerClientSchema>;

export const brokerRoleSchema = z.object({
  rolename: z.string().max(1024),
  acls: z.array(aclSchema).default([]),
});
export type BrokerRole = z.infer<typeof brokerRoleSchema>;

/** A dynsec client with a role of its own, as the portal wants it. */
export interface BrokerAccount {
  username: string;
  password: string;
  /** Set, the client may connect only with this client id. */
  clientid?: string;
  textname: string;
  rolename: string;
  acls: Acl[];
}

const allow = (acltype: string, topic: string): Acl => ({ acltype, topic, allow: true });

/**
 * Dynsec in Mosquitto 2.0 has no `%u` patterns, so each datalogger has a role naming its own
 * topics (docs/device-protocol.md 1.1): it writes data, status and replies, reads acks and
 * commands, and its client id is its SN.
 */
export function dataloggerAccount(sn: string, key: string): BrokerAccount {
  return {
    username: sn,
    password: key,
    clientid: sn,
    textname: DATALOGGER_TEXTNAME,
    rolename: dataloggerRoleName(sn),
    acls: [
      allow('publishClientSend', `dl/${sn}/data`),
      allow('publishClientSend', `dl/${sn}/status`),
      allow('publishClientSend', `dl/${sn}/reply`),
      allow('subscribePattern', `dl/${sn}/ack`),
      allow('subscribePattern', `dl/${sn}/cmd`),
    ],
  };
}

export function dataloggerRoleName(sn: string): string {
  return `${DATALOGGER_ROLE_PREFIX}${sn}`;
}

export function isDataloggerRole(rolename: string): boolean {
  return rolename.startsWith(DATALOGGER_ROLE_PREFIX);
}

/** The portal's own client (MQTT_URL): ingestion in shared subscriptions, acks and commands. */
export function portalAccount(username: string, password: string): BrokerAccount {
  return {
    username,
    password,
    textname: PORTAL_TEXTNAME,
    rolename: PORTAL_ROLE,
    acls: [
      allow('subscribePattern', '$share/+/dl/+/data'),
      allow('subscribePattern', 'dl/+/data'),
      allow('subscribePattern', 'dl/+/status'),
      allow('subscribePattern', 'dl/+/reply'),
      allow('publishClientSend', 'dl/+/ack'),
      allow('publishClientSend', 'dl/+/cmd'),
    ],
  };
}

/**
 * The plugin never shows a password, so the client's description carries a keyed digest of it:
 * a changed key shows without resetting every password (which would disconnect every client).
 */
export function passwordDigest(secret: string, account: BrokerAccount): string {
  const digest = createHmac('sha256', secret)
    .update(`${account.username}\n${account.password}`)
    .digest('base64url');
  return `key ${digest}`;
}

function sameAcls(want: readonly Acl[], have: readonly Acl[]): boolean {
  const key = (acl: Acl) => `${acl.acltype} ${acl.allow} ${acl.topic}`;
  const wanted = new Set(want.map(key));
  return have.length === want.length && have.every((acl) => wanted.has(key(acl)));
}

function isClientAsWanted(want: BrokerAccount, digest: string, have: BrokerClient): boolean {
  return (
    (have.clientid ?? '') === (want.clientid ?? '') &&
    have.textname === want.textname &&
    have.textdescription === digest &&
    have.roles.length === 1 &&
    have.roles[0]?.rolename === want.rolename
  );
}

/** The broker's client and role of one account, null where the broker has none. */
export interface BrokerState {
  client: BrokerClient | null;
  role: BrokerRole | null;
}

/**
 * The commands that bring the broker's client and role to `want` (null: remove them). Changing
 * a client makes the plugin disconnect its connections, so nothing is sent while it matches.
 */
export function accountCommands(
  want: BrokerAccount | null,
  have: BrokerState,
  secret: string,
): DynsecCommand[] {
  if (!want) {
    return [
      ...(have.client ? [{ command: 'deleteClient', username: have.client.username }] : []),
      ...(have.role ? [{ command: 'deleteRole', rolename: have.role.rolename }] : []),
    ];
  }
  const commands: DynsecCommand[] = [];
  if (!have.role) {
    commands.push({ command: 'createRole', rolename: want.rolename, acls: want.acls });
  } else if (!sameAcls(want.acls, have.role.acls)) {
    commands.push({ command: 'modifyRole', rolename: want.rolename, acls: want.acls });
  }
  const digest = passwordDigest(secret, want);
  if (have.client && isClientAsWanted(want, digest, have.client)) return commands;
  commands.push({
    command: have.client ? 'modifyClient' : 'createClient',
    username: want.username,
    password: want.password,
    // An empty client id clears a binding; a new client without one needs none.
    ...(want.clientid !== undefined || have.client ? { clientid: want.clientid ?? '' } : {}),
    textname: want.textname,
    textdescription: digest,
    roles: [{ rolename: want.rolename }],
  });
  return commands;
}
