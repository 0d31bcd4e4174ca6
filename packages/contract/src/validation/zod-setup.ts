import { z } from 'zod';

// Zod compiles fast object parsers with `new Function`, and its first object parse probes
// whether that is allowed. Under the portal's Content-Security-Policy (script-src 'self', no
// 'unsafe-eval') the probe alone is reported as a violation on nearly every page, so every
// consumer of the contract parses without it: the browser and the server run the same parsers.
z.config({ jitless: true });
