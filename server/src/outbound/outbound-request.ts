import http from 'node:http';
import https from 'node:https';
import { assertPublicTarget, type PublicTargetPolicy, publicOnlyLookup } from './public-target.js';

export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string | Buffer;
  timeoutMs: number;
  /** The receiver's answer is kept up to this many characters. */
  excerptChars: number;
}

export interface OutboundAnswer {
  status: number;
  excerpt: string;
  latencyMs: number;
}

/**
 * POSTs to a public target (`public-target.ts`): an IP literal is checked before, a name while
 * connecting (the socket goes to the address checked). Redirects are not followed: a 3xx is the
 * answer, so a receiver cannot send the server on to an internal address. The whole exchange,
 * connection and answer, must end within `timeoutMs`; only the start of the answer is read.
 */
export async function postToPublicTarget(
  request: OutboundRequest,
  policy: PublicTargetPolicy,
): Promise<OutboundAnswer> {
  const url = new URL(request.url);
  await assertPublicTarget(url, policy);
  const started = performance.now();
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const outgoing = transport.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
      lookup: publicOnlyLookup(policy),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      let excerpt = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        excerpt += chunk;
        if (excerpt.length >= request.excerptChars) response.destroy();
      });
      const finish = () =>
        resolve({
          status: response.statusCode ?? 0,
          excerpt: excerpt.slice(0, request.excerptChars),
          latencyMs: Math.round(performance.now() - started),
        });
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', reject);
    });
    outgoing.end(request.body);
  });
}
