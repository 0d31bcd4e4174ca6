import { type Locale, toServerLanguage } from '@solar/contract';

interface DescriptorTextEntry {
  text?: unknown;
  suggestion?: unknown;
}

/**
 * The one way an event's texts are chosen, for the plant overview, the portal-wide list, the
 * CSV export and the descriptions page: the descriptor's text in the caller's language, then
 * English, then the bare code (a code without descriptor still shows something).
 */
export function describeEvent(
  texts: unknown,
  locale: Locale,
  code: string,
): { text: string; suggestion: string } {
  const byLocale = (texts ?? {}) as Record<string, DescriptorTextEntry | undefined>;
  const entry = byLocale[locale] ?? byLocale[toServerLanguage(locale)] ?? byLocale.en;
  return {
    text: typeof entry?.text === 'string' ? entry.text : code,
    suggestion: typeof entry?.suggestion === 'string' ? entry.suggestion : '',
  };
}
