import type { FastifyReply, FastifyRequest } from 'fastify';
import { KNOWN_SOURCE_DAYS } from './known-sources.js';

/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a
 * random token the browser gets at a successful sign-in and sends with later ones. The server
 * keeps only its digest, as a known source of the account (`KnownSources`), so the device keeps
 * its own guess budget while others guess at the account.
 */
const DEVICE_COOKIE = 'device';
const COOKIE_PATH = '/oauth/token';
/** What `newSecretToken` makes: 32 bytes, base64url. Anything else is ignored. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function deviceTokenOf(request: FastifyRequest): string | null {
  const token = request.cookies[DEVICE_COOKIE];
  return token !== undefined && TOKEN_PATTERN.test(token) ? token : null;
}

/** Sends the device token for another full lifetime (a sign-in with it just succeeded). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(DEVICE_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: KNOWN_SOURCE_DAYS * 86_400,
  });
}
