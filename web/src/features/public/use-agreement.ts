import type { Locale } from '@solar/contract';
import { useEffect, useState } from 'react';
import { i18n, loadNamespaces } from '../../shared/i18n/i18n';

export interface Agreement {
  title: string;
  sections: { heading: string; body: string }[];
}

/** The portal's agreement in one language (`agreement.json`), loaded on first use. */
export function useAgreement(locale: Locale): Agreement | null {
  const [loadedLocale, setLoadedLocale] = useState<Locale | null>(null);
  useEffect(() => {
    void loadNamespaces(['agreement'], locale).then(() => setLoadedLocale(locale));
  }, [locale]);
  if (loadedLocale !== locale) return null;
  const t = i18n.getFixedT(locale, 'agreement');
  return {
    title: t('title'),
    sections: t('sections', { returnObjects: true }) as Agreement['sections'],
  };
}
