import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/** Whose token it is, and the user's session version when it was issued (claim `sv`). */
export interface AccessTokenSubject {
  userId: number;
  sessionVersion: number;
}

/** Verified tokens kept at most; beyond it the least recently used is forgotten. */
const MAX_VERIFIED_TOKENS = 10_000;

interface VerifiedToken extends AccessTokenSubject {
  expiresAtMs: number;
}

/**
 * Short-lived signed access tokens (HS256). The refresh side lives in refresh-tokens.ts.
 * A client sends the same token with every call until it expires, so a token whose signature
 * was checked once is remembered until its expiry: only that exact string matches it, and the
 * signature check was a fifth of a signed-in request's CPU time.
 */
export class AccessTokens {
  private readonly key: Uint8Array<ArrayBuffer>;
  private readonly verifyingKey: Promise<CryptoKey>;
  private readonly verified = new LRUCache<string, VerifiedToken>({ max: MAX_VERIFIED_TOKENS });

  constructor(
    secret: string,
    public readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.verifyingKey = crypto.subtle.importKey(
      'raw',
      this.key,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
  }

  /**
   * The key of another kind of signed token (share links), derived from this secret: one secret
   * to configure, and neither kind of token verifies as the other.
   */
  keyFor(purpose: string): Uint8Array {
    return createHmac('sha256', this.key).update(purpose).digest();
  }

  async sign({ userId, sessionVersion }: AccessTokenSubject): Promise<string> {
    return new SignJWT({ sv: sessionVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The subject of a valid token, or null for a malformed, forged or expired one. */
  async verify(token: string): Promise<AccessTokenSubject | null> {
    const known = this.verified.get(token);
    if (known && known.expiresAtMs > Date.now()) {
      return { userId: known.userId, sessionVersion: known.sessionVersion };
    }
    const subject = await this.verifySignature(token);
    if (subject) this.verified.set(token, subject);
    return subject && { userId: subject.userId, sessionVersion: subject.sessionVersion };
  }

  private async verifySignature(token: string): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, await this.verifyingKey, {
        algorithms: ['HS256'],
      });
      const userId = Number(payload.sub);
      const sessionVersion = payload.sv;
      if (!Number.isInteger(userId) || userId <= 0) return null;
      if (typeof sessionVersion !== 'number' || !Number.isInteger(sessionVersion)) return null;
      if (typeof payload.exp !== 'number') return null;
      return { userId, sessionVersion, expiresAtMs: payload.exp * 1000 };
    } catch {
      return null;
    }
  }
}
