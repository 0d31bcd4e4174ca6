import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Whose token it is, and the user's session version when it was issued (claim `sv`). */
export interface AccessTokenSubject {
  userId: number;
  sessionVersion: number;
}

/** Short-lived signed access tokens (HS256). The refresh side lives in refresh-tokens.ts. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    public readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const sessionVersion = payload.sv;
      if (!Number.isInteger(userId) || userId <= 0) return null;
      if (typeof sessionVersion !== 'number' || !Number.isInteger(sessionVersion)) return null;
      return { userId, sessionVersion };
    } catch {
      return null;
    }
  }
}
