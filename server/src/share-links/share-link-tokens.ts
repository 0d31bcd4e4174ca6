import { SHAREABLE_KINDS, type ShareableKind } from '@solar/contract';
import { jwtVerify, SignJWT } from 'jose';

const AUDIENCE = 'device-realtime';

export interface ShareClaim {
  sn: string;
  kind: ShareableKind;
  expiresAt: Date;
}

/**
 * Share links are signed tokens (HS256 with a key derived from the access-token secret) that
 * name one device and an expiry; nothing is stored, so a link cannot be guessed from an SN and
 * any change to it breaks the signature.
 */
export class ShareLinkTokens {
  constructor(private readonly key: Uint8Array) {}

  sign(claim: ShareClaim): Promise<string> {
    return new SignJWT({ kind: claim.kind })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claim.sn)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(claim.expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claim of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<ShareClaim | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
      });
      const kind = SHAREABLE_KINDS.find((k) => k === payload.kind);
      if (!payload.sub || !kind || payload.exp === undefined) return null;
      return { sn: payload.sub, kind, expiresAt: new Date(payload.exp * 1000) };
    } catch {
      return null;
    }
  }
}
