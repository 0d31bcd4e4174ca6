import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, publicAccess, requires } from '../http/endpoint.js';
import type { UploadRule } from '../http/upload.js';
import { SERVER_LANGUAGES } from '../i18n/locales.js';
import { serverLanguage } from '../languages/endpoints.js';
import * as rules from '../validation/rules.js';

/**
 * White label (issue 14): a brand is chosen by the request's source marker (header `X-Source`
 * naming the brand's key) or else by the host the portal is reached under. Without a match the
 * portal keeps its own look: the public branding answer is then null.
 */
const TAG = 'brand';

/** The source marker the portal's own web client sends; never a brand's key. */
export const DEFAULT_SOURCE = 'web';

export const BRAND_TEXT_MAX = 120;
/** The brand's user agreement and privacy text, per language. */
export const BRAND_AGREEMENT_MAX = 20_000;

/** A brand's key, as sent in `X-Source`: lower-case letters, digits and dashes. */
export const brandKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,31}$/, 'validation.invalid')
  .refine((key) => key !== DEFAULT_SOURCE, 'validation.invalid');

/** A host name the brand is served under, without port (`portal.example.com`). */
export const brandHost = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'validation.maxLength')
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'validation.invalid');

/** Optional texts per server language (the sign-in page's title and footer). */
export const brandTexts = z.partialRecord(z.enum(SERVER_LANGUAGES), rules.text(BRAND_TEXT_MAX));
export type BrandTexts = z.infer<typeof brandTexts>;

/** A brand's agreement (user agreement and privacy) per server language. */
export const brandAgreement = z.partialRecord(
  z.enum(SERVER_LANGUAGES),
  rules.text(BRAND_AGREEMENT_MAX),
);

/** A brand's logo: a PNG up to 1 MB, shown on the sign-in page and in the shell's menu. */
export const brandLogoUpload: UploadRule = {
  field: 'file',
  types: { 'image/png': ['png'] },
  maxBytes: 1024 * 1024,
};

/** A brand's favicon: a PNG up to 256 KB, which the web shell sets as the page's icon. */
export const brandFaviconUpload: UploadRule = {
  field: 'file',
  types: { 'image/png': ['png'] },
  maxBytes: 256 * 1024,
};

/** What the sign-in page and the shell show for the current request's brand. */
export const currentBranding = z.object({
  key: z.string(),
  name: z.string(),
  primaryColor: z.string(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  signInTitle: z.string().nullable(),
  footerText: z.string().nullable(),
  /** The brand's agreement in the asked language (else English); null: the portal's own. */
  agreement: z.string().nullable(),
});
export type CurrentBranding = z.infer<typeof currentBranding>;

export const managedBrand = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  hosts: z.array(z.string()),
  primaryColor: z.string(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  signInTitle: brandTexts,
  footerText: brandTexts,
  agreement: brandAgreement,
  mailFromName: z.string().nullable(),
  mailFromAddress: z.string().nullable(),
  updatedAt: z.string(),
});
export type ManagedBrand = z.infer<typeof managedBrand>;

const brandFields = {
  name: rules.name(40),
  hosts: z.array(brandHost).max(10, 'validation.maxLength').default([]),
  primaryColor: rules.hexColor,
  signInTitle: brandTexts.default({}),
  footerText: brandTexts.default({}),
  agreement: brandAgreement.default({}),
  /** The From of mail to the brand's accounts; the portal's sender when no address is set. */
  mailFromName: rules.name(40).nullable().default(null),
  mailFromAddress: rules.email.nullable().default(null),
};

export const brandInput = z.strictObject({ key: brandKey, ...brandFields });
export const brandChange = z.strictObject(brandFields);

const brandIdParams = z.strictObject({ id: rules.id });

export const currentBrand = defineEndpoint({
  method: 'GET',
  path: '/anonymous/brand',
  summary:
    "The brand of this request (by header X-Source, else by host) with its texts in `lan`; null when the portal's own look applies",
  tag: TAG,
  access: publicAccess,
  query: z.object({ lan: serverLanguage.default('en') }),
  data: currentBranding.nullable(),
});

/** The brand's pictures: the logo (sign-in page and menu) and the favicon. */
type BrandPicture = 'logo' | 'favicon';

/** Serves one of the brand's pictures (PNG) to anyone; code 2 when the brand has none. */
function pictureDownload(picture: BrandPicture) {
  return defineEndpoint({
    method: 'GET',
    path: `/anonymous/brand/:id/${picture}`,
    summary: `A brand's ${picture} (PNG)`,
    tag: TAG,
    access: publicAccess,
    params: brandIdParams,
    data: z.string(),
    download: { contentType: 'image/png' },
    tolerated: [ErrorCode.noPermission],
  });
}

/** Replaces one of the brand's pictures (multipart field `file`). */
function pictureUpload(picture: BrandPicture, upload: UploadRule, limit: string) {
  return defineEndpoint({
    method: 'POST',
    path: `/api/v1/brands/:id/${picture}`,
    summary: `Replace a brand's ${picture} (field \`file\`: PNG up to ${limit})`,
    tag: TAG,
    access: requires('sys.brand.edit'),
    encoding: 'multipart',
    params: brandIdParams,
    upload,
    data: managedBrand,
  });
}

export const brandLogo = pictureDownload('logo');
export const brandFavicon = pictureDownload('favicon');
export const uploadBrandLogo = pictureUpload('logo', brandLogoUpload, '1 MB');
export const uploadBrandFavicon = pictureUpload('favicon', brandFaviconUpload, '256 KB');

export const listBrands = defineEndpoint({
  method: 'GET',
  path: '/api/v1/brands',
  summary: 'White-label brands, by key',
  tag: TAG,
  access: requires('sys.brand.manage'),
  query: z.object({ ...rules.paging }),
  data: pageOf(managedBrand),
});

export const createBrand = defineEndpoint({
  method: 'POST',
  path: '/api/v1/brands',
  summary: 'Create a brand; 5000 when its key or one of its hosts is taken',
  tag: TAG,
  access: requires('sys.brand.edit'),
  encoding: 'json',
  body: brandInput,
  data: managedBrand,
  tolerated: [ErrorCode.codeExists],
});

export const updateBrand = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/brands/:id',
  summary: "Change a brand's name, hosts, colour and texts (its key stays); 5000 for a taken host",
  tag: TAG,
  access: requires('sys.brand.edit'),
  encoding: 'json',
  params: brandIdParams,
  body: brandChange,
  data: managedBrand,
  tolerated: [ErrorCode.codeExists],
});
