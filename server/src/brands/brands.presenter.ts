import {
  brandFavicon,
  brandLogo,
  type CurrentBranding,
  type ManagedBrand,
  type ServerLanguage,
} from '@solar/contract';
import type { BrandTexts } from '../db/json-columns.js';
import type { BrandRow, BrandWithHosts } from './brands.store.js';

/** A picture's URL, versioned by the brand's last change so a replaced one is fetched anew. */
function pictureUrl(row: BrandRow, key: string | null, path: string): string | null {
  if (!key) return null;
  return `${path.replace(':id', String(row.id))}?v=${row.updated_at.getTime()}`;
}

const logoUrl = (row: BrandRow) => pictureUrl(row, row.logo_key, brandLogo.path);
const faviconUrl = (row: BrandRow) => pictureUrl(row, row.favicon_key, brandFavicon.path);

function textIn(texts: BrandTexts, lan: ServerLanguage): string | null {
  return texts[lan] || texts.en || null;
}

export function presentCurrentBranding(row: BrandRow, lan: ServerLanguage): CurrentBranding {
  return {
    key: row.key,
    name: row.name,
    primaryColor: row.primary_color,
    logoUrl: logoUrl(row),
    faviconUrl: faviconUrl(row),
    signInTitle: textIn(row.sign_in_title, lan),
    footerText: textIn(row.footer_text, lan),
    agreement: textIn(row.agreement, lan),
  };
}

export function presentManagedBrand(row: BrandWithHosts): ManagedBrand {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    hosts: row.hosts,
    primaryColor: row.primary_color,
    logoUrl: logoUrl(row),
    faviconUrl: faviconUrl(row),
    signInTitle: row.sign_in_title,
    footerText: row.footer_text,
    agreement: row.agreement,
    mailFromName: row.mail_from_name,
    mailFromAddress: row.mail_from_address,
    updatedAt: row.updated_at.toISOString(),
  };
}
