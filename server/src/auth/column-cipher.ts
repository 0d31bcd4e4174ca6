import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts secrets the server must read back (TOTP secrets) before they are stored, with
 * AES-256-GCM: a copy of the database opens nothing without the key, and an altered value
 * fails to open. The key is derived from one configured secret (`COLUMN_ENCRYPTION_KEY` or the file
 * `DATA_DIR/secrets/column-key`, created once like the JWT secret); `purpose` binds each value to
 * its column, so a value moved to another column does not open there.
 */
export class ColumnCipher {
  /** Marks a sealed value; base32 TOTP secrets (A–Z, 2–7) never start with it. */
  static readonly sealedPrefix = 'v1.';
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'solar-portal column cipher', 32));
  }

  seal(plain: string, purpose: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv).setAAD(Buffer.from(purpose));
    const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
    return `${ColumnCipher.sealedPrefix}${sealed}`;
  }

  /**
   * The plain value of a sealed one. A value stored before encryption (no prefix) is answered
   * as it is: the start-up rewrite seals those, but a process of the previous version may still
   * write one while both run.
   */
  open(stored: string, purpose: string): string {
    if (!stored.startsWith(ColumnCipher.sealedPrefix)) return stored;
    const bytes = Buffer.from(stored.slice(ColumnCipher.sealedPrefix.length), 'base64url');
    const decipher = createDecipheriv(ALGORITHM, this.key, bytes.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(purpose))
      .setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
