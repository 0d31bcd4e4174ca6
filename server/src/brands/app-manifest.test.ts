import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  APP_MANIFEST_PATH,
  createBrand,
  PORTAL_APP_NAME,
  PORTAL_THEME_COLOR,
  uploadBrandFavicon,
  uploadBrandLogo,
  webAppManifest,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpointData } from '../test/call-endpoint.js';
import { multipartFile, PNG_BYTES, uploadTo } from '../test/fixtures/uploads.factories.js';
import { buildPlatformAdminContext, type PlatformAdminContext } from '../test/platform-admin.js';

let ctx: PlatformAdminContext;
beforeAll(async () => {
  ctx = await buildPlatformAdminContext();
});

/** The fixture's 1×1 PNG with its header claiming `width`×`height` (IHDR checksum renewed). */
function pngOfSize(width: number, height: number): Buffer {
  const png = Buffer.from(PNG_BYTES);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function manifestOf(host: string) {
  const res = await ctx.t.app.inject({ method: 'GET', url: APP_MANIFEST_PATH, headers: { host } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  return webAppManifest.parse(res.json());
}

describe('web app manifest', () => {
  it("is the portal's own where no brand claims the host", async () => {
    const manifest = await manifestOf('unbranded.test');
    expect(manifest).toMatchObject({
      name: PORTAL_APP_NAME,
      start_url: '/',
      display: 'standalone',
      theme_color: PORTAL_THEME_COLOR,
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toContain('512x512');
  });

  it("carries the brand's name and colour, and its square icon once one is large enough", async () => {
    const host = `app-${randomBytes(5).toString('hex')}.test`;
    const brand = await endpointData(ctx.t.app, createBrand, {
      token: ctx.platformToken,
      body: {
        key: `a-${randomBytes(5).toString('hex')}`,
        name: 'Sunny Installers',
        primaryColor: '#aa5500',
        hosts: [host],
      },
    });
    const branded = await manifestOf(host);
    expect(branded).toMatchObject({ name: 'Sunny Installers', theme_color: '#AA5500' });
    expect(branded.short_name).toBe('Sunny Instal');

    const upload = (endpoint: typeof uploadBrandFavicon, png: Buffer) =>
      uploadTo(
        ctx.t.app,
        endpoint,
        brand.id,
        ctx.platformToken,
        multipartFile(png, 'i.png', 'image/png'),
      );
    await upload(uploadBrandFavicon, pngOfSize(32, 32));
    await upload(uploadBrandLogo, pngOfSize(600, 200));
    expect((await manifestOf(host)).icons).toEqual(branded.icons);

    await upload(uploadBrandFavicon, pngOfSize(256, 256));
    const [icon, ...others] = (await manifestOf(host)).icons;
    expect(others).toHaveLength(0);
    expect(icon).toMatchObject({ sizes: '256x256', type: 'image/png' });
    expect(icon!.src).toMatch(new RegExp(`^/anonymous/brand/${brand.id}/favicon\\?v=`));
  });
});
