import { randomBytes, randomUUID } from 'node:crypto';
import { createFirmware, type FirmwareFields } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import { call } from '../test/test-app.js';

/** A binary firmware image: random bytes, as a compiled image looks to a content check. */
export function binaryImage(size = 64 * 1024): Buffer {
  const bytes = randomBytes(size);
  bytes[0] = 0x7f;
  bytes[1] = 0x00;
  return bytes;
}

/** One Intel HEX record with its checksum. */
export function hexRecord(type: number, address: number, data: Buffer): string {
  const bytes = Buffer.concat([
    Buffer.from([data.length, (address >> 8) & 0xff, address & 0xff, type]),
    data,
  ]);
  const checksum = (0x100 - (bytes.reduce((sum, byte) => sum + byte, 0) & 0xff)) & 0xff;
  return `:${Buffer.concat([bytes, Buffer.from([checksum])])
    .toString('hex')
    .toUpperCase()}`;
}

/** An Intel HEX file of `records` data records and the end-of-file record. */
export function intelHexFile(records = 4): Buffer {
  const lines = Array.from({ length: records }, (_, index) =>
    hexRecord(0, index * 16, randomBytes(16)),
  );
  return Buffer.from(`${[...lines, ':00000001FF'].join('\r\n')}\r\n`);
}

type FieldInput = Partial<Record<keyof FirmwareFields, string | number>>;

export function firmwareFieldsFor(product: string, version: string, extra: FieldInput = {}) {
  return {
    firmId: `FW-${product}`,
    brand: 'Solar',
    product,
    epn: 'EPN-1',
    equipType: 2,
    version,
    upgradeMode: 'remote',
    strategy: 'prompt',
    ...extra,
  };
}

/** A multipart firmware form: the fields of section 3 first, then the file. */
export function firmwareForm(
  fields: Record<string, string | number>,
  file: { bytes: Buffer; name: string } | null,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fw${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a firmware through the API and answers the envelope. */
export function uploadFirmware(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string | number>,
  file: { bytes: Buffer; name: string } | null = { bytes: binaryImage(), name: 'app.bin' },
) {
  const { payload, headers } = firmwareForm(fields, file);
  return call<{ id: number }>(app, {
    method: createFirmware.method,
    url: createFirmware.path,
    payload,
    headers,
    token,
  });
}
