import {
  brandLogo,
  type CurrentBranding,
  type ManagedBrand,
  type ServerLanguage,
} from '@solar/contract';
import type { BrandTexts } from '../db/json-columns.js';
import type { BrandRow, BrandWithHosts } from './brands.store.js';

/** The logo's URL, versioned by the brand's last change so a replaced logo is fetched anew. */
function logoUrl(row: BrandRow): string | null {
  if (!row.logo_key) return null;
  const path = brandLogo.path.replace(':id', String(row.id));
  return `${path}?v=${row.updated_at.getTime()}`;
}

function textIn(texts: BrandTexts, lan: ServerLanguage): string | null {
  return texts[lan] || texts.en || null;
}

export function presentCurrentBranding(row: BrandRow, lan: ServerLanguage): CurrentBranding {
  return {
    key: row.key,
    name: row.name,
    primaryColor: row.primary_color,
    logoUrl: logoUrl(row),
    signInTitle: textIn(row.sign_in_title, lan),
    footerText: textIn(row.footer_text, lan),
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
    signInTitle: row.sign_in_title,
    footerText: row.footer_text,
    updatedAt: row.updated_at.toISOString(),
  };
}
