import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The file of a ready export, downloaded with the owner's token. */
export async function downloadedExport(
  app: FastifyInstance,
  token: string,
  id: number,
): Promise<Buffer> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/exports/${id}/file`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}
