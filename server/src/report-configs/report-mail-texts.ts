import type { Locale } from '@solar/contract';
import { localeFile } from '../i18n/locale-files.js';

/** The scheduled report mail in one language (`server.json`, `reportMail`); files carry the figures. */
export function reportMailText(locale: Locale, name: string, period: string) {
  const { subject, body } = localeFile(locale, 'server').reportMail;
  const fill = (text: string) => text.replaceAll('{name}', name).replaceAll('{period}', period);
  return { subject: fill(subject), body: fill(body) };
}
