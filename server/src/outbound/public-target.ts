import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Whether outbound requests may reach private networks (`WEBHOOKS_ALLOW_PRIVATE_NETWORKS`). */
export interface PublicTargetPolicy {
  allowPrivateNetworks: boolean;
}

/** A target the server refuses to call: its host is not public, or does not resolve. */
export class PublicTargetRefused extends Error {
  constructor(
    readonly host: string,
    reason: string,
  ) {
    super(`${host}: ${reason}`);
    this.name = 'PublicTargetRefused';
  }
}

/**
 * Whether an IP address is a public unicast one. ipaddr.js names every special range
 * (private, loopback, link-local, unique-local, multicast, unspecified, carrier-grade NAT,
 * documentation, 6to4, Teredo, NAT64 …); only what it calls `unicast` is public. An IPv4
 * address written as IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/** Host names as URLs write them: `[::1]` is the address `::1`. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function refuseUnlessPublic(host: string, addresses: readonly string[]): void {
  if (addresses.length === 0) throw new PublicTargetRefused(host, 'no address');
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused) throw new PublicTargetRefused(host, `resolves to non-public address ${refused}`);
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(new PublicTargetRefused(host, `does not resolve (${error.code})`));
      else resolve(addresses);
    });
  });
}

/**
 * Checks that the URL's host is, or resolves only to, public addresses (every address DNS
 * answers: a name that also resolves to a private one is refused); throws `PublicTargetRefused`.
 * Used when a target is saved; the connection itself re-checks through `publicOnlyLookup`.
 */
export async function assertPublicTarget(url: URL, policy: PublicTargetPolicy): Promise<void> {
  if (policy.allowPrivateNetworks) return;
  const host = bareHost(url.hostname);
  if (isIP(host) !== 0) return refuseUnlessPublic(host, [host]);
  refuseUnlessPublic(
    host,
    (await resolveAll(host)).map((entry) => entry.address),
  );
}

function familyOf(family: number | string | undefined): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

async function checkedAddresses(
  hostname: string,
  family: 0 | 4 | 6,
  policy: PublicTargetPolicy,
): Promise<LookupAddress[]> {
  const entries = await resolveAll(hostname);
  if (!policy.allowPrivateNetworks) {
    refuseUnlessPublic(
      hostname,
      entries.map((entry) => entry.address),
    );
  }
  const usable = family === 0 ? entries : entries.filter((entry) => entry.family === family);
  if (usable.length === 0) throw new PublicTargetRefused(hostname, 'no address');
  return usable;
}

/**
 * A `lookup` for `http.request` and `net.connect` that resolves the name, refuses it unless
 * every address is public, and hands the socket the addresses it checked: the connection goes
 * to what was checked, with no second resolution a rebinding DNS server could answer
 * differently. IP literals never reach a lookup; check them with `assertPublicTarget` first.
 */
export function publicOnlyLookup(policy: PublicTargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, familyOf(options.family), policy).then(
      (usable) => {
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
