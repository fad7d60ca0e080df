// Types for the part of http_ece (the encrypted content-encoding library web-push itself uses)
// that the push test calls to decrypt what the server sent.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer | string },
  ): Buffer;
}
