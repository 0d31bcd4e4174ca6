import {
  type AppManifestIcon,
  brandFavicon,
  brandLogo,
  PORTAL_APP_NAME,
  PORTAL_THEME_COLOR,
  type WebAppManifest,
} from '@solar/contract';
import { buffer } from 'node:stream/consumers';
import { type ObjectStore, readIfStored } from '../storage/object-store.js';
import type { BrandRow } from './brands.store.js';

/** Browsers install an app whose icon is at least this large (Chromium's check). */
const INSTALLABLE_ICON_PX = 144;
/** Icon short names are cut here; launchers show about a dozen characters. */
const SHORT_NAME_MAX = 12;

const PORTAL_ICONS: AppManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** A PNG's width and height from its IHDR chunk (bytes 16 to 23); null for anything else. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a';
  if (png.length < 24 || png.subarray(0, 8).toString('hex') !== signature) return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function brandIcon(
  files: ObjectStore,
  key: string | null,
  url: string,
): Promise<AppManifestIcon | null> {
  const stream = key ? await readIfStored(files, key) : null;
  const size = stream ? pngSize(await buffer(stream)) : null;
  if (!size || size.width !== size.height || size.width < INSTALLABLE_ICON_PX) return null;
  return { src: url, sizes: `${size.width}x${size.height}`, type: 'image/png', purpose: 'any' };
}

/**
 * The brand's square pictures of installable size (favicon, then logo) as its icons; a brand
 * without one keeps the portal's icons, so the app still installs.
 */
async function iconsOf(files: ObjectStore, brand: BrandRow): Promise<AppManifestIcon[]> {
  const version = `?v=${brand.updated_at.getTime()}`;
  const pictureUrl = (path: string) => `${path.replace(':id', String(brand.id))}${version}`;
  const icons = await Promise.all([
    brandIcon(files, brand.favicon_key, pictureUrl(brandFavicon.path)),
    brandIcon(files, brand.logo_key, pictureUrl(brandLogo.path)),
  ]);
  const usable = icons.filter((icon) => icon !== null);
  return usable.length > 0 ? usable : PORTAL_ICONS;
}

/** Brand versions whose icons are remembered; more brands than this read their pictures again. */
const REMEMBERED_BRAND_VERSIONS = 256;

/**
 * The manifests of the brands. Every page load asks for one, so a brand's icons are read from
 * its pictures once per version of the brand (a new picture changes `updated_at`).
 */
export class AppManifests {
  private readonly icons = new Map<string, Promise<AppManifestIcon[]>>();

  constructor(private readonly files: ObjectStore) {}

  /** The manifest of the brand the request's host selects (`brand`), else the portal's own. */
  async of(brand: BrandRow | undefined): Promise<WebAppManifest> {
    const name = brand?.name ?? PORTAL_APP_NAME;
    return {
      id: '/',
      name,
      short_name: name.slice(0, SHORT_NAME_MAX).trim(),
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: brand?.primary_color ?? PORTAL_THEME_COLOR,
      icons: brand ? await this.iconsOf(brand) : PORTAL_ICONS,
    };
  }

  private iconsOf(brand: BrandRow): Promise<AppManifestIcon[]> {
    const key = `${brand.id}:${brand.updated_at.getTime()}`;
    const known = this.icons.get(key);
    if (known) return known;
    const read = iconsOf(this.files, brand);
    // A failed read is not remembered: the next request tries again.
    read.catch(() => this.icons.delete(key));
    if (this.icons.size >= REMEMBERED_BRAND_VERSIONS) {
      this.icons.delete(this.icons.keys().next().value ?? '');
    }
    this.icons.set(key, read);
    return read;
  }
}
