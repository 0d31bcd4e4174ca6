import type { Locale } from '@solar/contract';
import { localeFile } from './locale-files.js';

/** The header rows of the export files in one locale (`server.json`, under `exportHeaders`). */
export function exportHeaders(locale: Locale) {
  return localeFile(locale, 'server').exportHeaders;
}
