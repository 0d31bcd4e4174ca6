/** The part of http_ece (RFC 8188 / RFC 8291 content encoding) the push test decrypts with. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParameters {
    version: 'aes128gcm';
    /** The receiving browser's key pair; the sender's public key travels in the header. */
    privateKey: ECDH;
    authSecret: string;
  }

  export function decrypt(content: Buffer, parameters: DecryptParameters): Buffer;
}
