import { fromServerLanguage, type Locale } from '@solar/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language: `lan` query, then Accept-Language, else English. */
export function requestLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.lan === 'string') return fromServerLanguage(query.lan);
  const header = request.headers['accept-language'];
  const first = header?.split(',')[0]?.trim().split(';')[0];
  if (!first) return 'en';
  return fromServerLanguage(first.startsWith('zh') ? 'zh' : (first.split('-')[0] ?? 'en'));
}
