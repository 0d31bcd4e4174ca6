import { z } from 'zod';

/**
 * The web app manifest (W3C Web Application Manifest) the server writes for the brand of the
 * request's host, so an installed portal carries the brand's name, icons and colour. Served at
 * `APP_MANIFEST_PATH` as `application/manifest+json` (not in the JSON envelope: browsers read it).
 */
export const APP_MANIFEST_PATH = '/manifest.webmanifest';

/** The portal's own name and colour, when no brand claims the host. */
export const PORTAL_APP_NAME = 'Solar portal';
export const PORTAL_THEME_COLOR = '#E85C0B';

export const appManifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']),
});

export const webAppManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(appManifestIcon).min(1),
});
export type WebAppManifest = z.infer<typeof webAppManifest>;
export type AppManifestIcon = z.infer<typeof appManifestIcon>;
