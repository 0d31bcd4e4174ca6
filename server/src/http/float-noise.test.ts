import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerSerializerCompiler, floatNoiseReplacer, withoutFloatNoise } from './float-noise.js';

describe('withoutFloatNoise', () => {
  it.each([
    [26.576999999999998, 26.577],
    [19230.272999999997, 19230.273],
    [0.1 + 0.2, 0.3],
    [-7.300000000000001, -7.3],
  ])('takes the noise out of %d', (noisy, clean) => {
    expect(withoutFloatNoise(noisy)).toBe(clean);
  });

  it.each([11.5762345, 48.1234567, 0.000123, 1_764_590_400_000, 42, 123456.789])(
    'keeps %d as it is',
    (value) => {
      expect(withoutFloatNoise(value)).toBe(value);
    },
  );

  it('writes nested answers without noise', () => {
    const answer = { data: { infos: [{ energy: 26.576999999999998, id: 7, name: 'a' }] } };
    expect(JSON.stringify(answer, floatNoiseReplacer)).toBe(
      '{"data":{"infos":[{"energy":26.577,"id":7,"name":"a"}]}}',
    );
  });
});

describe('the answer serializer', () => {
  it('writes answers with a response schema without noise', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(answerSerializerCompiler);
    app.get(
      '/energy',
      { schema: { response: { 200: z.object({ kwh: z.number() }) } } },
      async () => ({ kwh: 0.1 + 0.2 }),
    );
    const response = await app.inject({ method: 'GET', url: '/energy' });
    expect(response.body).toBe('{"kwh":0.3}');
    await app.close();
  });
});
