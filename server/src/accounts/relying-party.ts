import type { FastifyRequest } from 'fastify';

/** Who a passkey is made for and checked against: WebAuthn's relying-party id and page origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

function parsedOrigin(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * The page's origin is the request's `Origin` header (browsers send it with every POST, and a
 * development proxy leaves it alone while it rewrites `Host`), else the request's own scheme and
 * host. The relying-party id is `configuredId` (`PASSKEY_RP_ID`) or that origin's host name. A
 * page under another domain cannot use a passkey of ours: the browser scopes each passkey to its
 * relying-party id, and the server checks the id's hash in every answer.
 */
export function relyingPartyOf(request: FastifyRequest, configuredId?: string): RelyingParty {
  const header = request.headers.origin;
  const url =
    (typeof header === 'string' ? parsedOrigin(header) : null) ??
    parsedOrigin(`${request.protocol}://${request.host}`);
  const origin = url?.origin ?? '';
  return { id: configuredId ?? url?.hostname ?? request.hostname, origin };
}
