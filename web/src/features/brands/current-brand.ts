import { type CurrentBranding, currentBrand, toServerLanguage } from '@solar/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../shared/api/client';
import { currentLocale } from '../../shared/i18n/locale';

/**
 * The white-label brand of this site (chosen by the server from X-Source or the host), shared
 * by the sign-in pages, the shell and the theme. Null, the portal's own look, until it is known,
 * when none is configured, and when asking fails.
 */
let brand: CurrentBranding | null = null;
let askedLanguage: string | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const PORTAL_ICON = { href: '/favicon.svg', type: 'image/svg+xml' };

/** Points the page's icon at the brand's favicon, or back at the portal's own. */
function applyFavicon(url: string | null): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.href = url ?? PORTAL_ICON.href;
  link.type = url ? 'image/png' : PORTAL_ICON.type;
}

function setBrand(next: CurrentBranding | null): void {
  brand = next;
  applyFavicon(next?.faviconUrl ?? null);
  for (const listener of listeners) listener();
}

function loadBrand(): void {
  const lan = toServerLanguage(currentLocale());
  if (askedLanguage === lan) return;
  askedLanguage = lan;
  apiCall(currentBrand, { query: { lan }, quiet: true }).then(setBrand, () => setBrand(null));
}

/** Forgets the brand and the language it was asked for, so the next page asks again (tests). */
export function forgetBrand(): void {
  askedLanguage = null;
  brand = null;
}

/** The brand as known now, without asking the server (the theme reads this). */
export function useKnownBrand(): CurrentBranding | null {
  return useSyncExternalStore(subscribe, () => brand);
}

/** The brand, asked for once per interface language. */
export function useBrand(): CurrentBranding | null {
  const { i18n } = useTranslation();
  useEffect(loadBrand, [i18n.language]);
  return useKnownBrand();
}
