import { ErrorCode } from '@solar/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerErrorHandlers } from './error-handler.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandlers(app);
  app.get('/broken', () => {
    throw new Error('connection to the database lost: secret details');
  });
  await app.ready();
});

afterAll(() => app.close());

it('answers an unexpected failure with code 3 in the envelope, without its details', async () => {
  const res = await app.inject({ method: 'GET', url: '/broken' });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({
    code: ErrorCode.operationFailed,
    msg: 'Operation failed, please try again',
    data: null,
  });
});

it("says so in the caller's language", async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/broken',
    headers: { 'accept-language': 'de-DE,de;q=0.9' },
  });
  expect(res.json<{ msg: string }>().msg).toBe('Vorgang fehlgeschlagen, bitte erneut versuchen');
});
