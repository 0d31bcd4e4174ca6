import type { AppDeps } from '../app-deps.js';
import { buildRole, buildUser, tokenFor } from '../test/factories.js';

/** A staff member of `companyId` whose role holds exactly `permissions`, with a token. */
export async function buildStaffWith(deps: AppDeps, companyId: number, permissions: string[]) {
  const role = await buildRole(deps, companyId, permissions);
  const user = await buildUser(deps, { kind: 'staff', companyId, roleId: role.id });
  return { role, user, token: await tokenFor(deps, user.id) };
}

/** A multipart body with one file field, as a browser would send it. */
export function multipartFile(
  bytes: Buffer,
  fileName: string,
  contentType: string,
  field = 'file',
) {
  const boundary = `----portal${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The start of a JFIF JPEG, enough for content sniffing. */
export const TINY_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64),
]);
