import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/** Map tiles of the plant maps (web/src/features/plants/components/map/leaflet-setup.ts). */
const MAP_TILES = 'https://tile.openstreetmap.org';

/**
 * The Content-Security-Policy the built web app runs under. Scripts only from the app's own
 * files, never inline. Styles allow 'unsafe-inline': antd's CSS-in-JS writes <style> elements at
 * run time, and a nonce would need a per-response index.html and a nonce handed to antd,
 * Leaflet and the PDF export; injected styles cannot run code, so the script rule carries the
 * protection. No upgrade-insecure-requests: the embedded set-up serves plain HTTP.
 */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', MAP_TILES],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    // Live video and playback feed the <video> element through Media Source blobs.
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  },
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers (nosniff on every answer, uploads included) with the policy above, worked out
 * once at start-up (the Fastify wrapper builds them again on every request). HSTS only on
 * requests that came over TLS, directly or, with TRUST_PROXY, per X-Forwarded-Proto: on plain
 * HTTP it is meaningless and browsers ignore it.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    setHeaders(request.raw, reply.raw, () => done());
  });
}
