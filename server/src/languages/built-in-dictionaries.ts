import {
  ALL_ERROR_CODES,
  LOCALES,
  type Locale,
  type ServerLanguage,
  toServerLanguage,
  type Translated,
  WEB_TEXTS_DICTIONARY,
} from '@solar/contract';
import { errorMessages } from '@solar/contract/error-messages';

export interface BuiltInDictionary {
  code: string;
  name: string;
  /** Key to its 13 translations. */
  entries: Record<string, Translated>;
}

/** The shell's notice modal; `{startTime}`, `{endTime}`, `{type}`, `{duration}` are filled in. */
const NOTICE_TEXTS: Record<string, Translated> = {
  'notice.title': {
    zh_CN: '系统公告',
    en: 'System notice',
    es: 'Aviso del sistema',
    de: 'Systemhinweis',
    po: 'Komunikat systemowy',
    tr: 'Sistem duyurusu',
    cz: 'Systémové oznámení',
    el: 'Ανακοίνωση συστήματος',
    pt: 'Aviso do sistema',
    it: 'Avviso di sistema',
    da: 'Systemmeddelelse',
    fi: 'Järjestelmätiedote',
    fr: 'Avis système',
  },
  'notice.body': {
    zh_CN: '系统将于 {startTime} 至 {endTime} 进行{type}，预计持续 {duration}。',
    en: 'From {startTime} to {endTime} the system will undergo {type}, expected to last {duration}.',
    es: 'Del {startTime} al {endTime} el sistema estará en {type}; duración prevista: {duration}.',
    de: 'Von {startTime} bis {endTime} findet eine {type} des Systems statt, voraussichtliche Dauer: {duration}.',
    po: 'Od {startTime} do {endTime} system przejdzie {type}, przewidywany czas: {duration}.',
    tr: '{startTime} ile {endTime} arasında sistemde {type} yapılacaktır, tahmini süre: {duration}.',
    cz: 'Od {startTime} do {endTime} proběhne {type} systému, předpokládaná doba: {duration}.',
    el: 'Από {startTime} έως {endTime} το σύστημα θα υποβληθεί σε {type}, εκτιμώμενη διάρκεια: {duration}.',
    pt: 'De {startTime} a {endTime} o sistema passará por {type}, com duração prevista de {duration}.',
    it: 'Dal {startTime} al {endTime} il sistema sarà in {type}, durata prevista: {duration}.',
    da: 'Fra {startTime} til {endTime} gennemgår systemet {type}, forventet varighed: {duration}.',
    fi: '{startTime}–{endTime} järjestelmässä tehdään {type}, arvioitu kesto: {duration}.',
    fr: 'Du {startTime} au {endTime}, le système fera l’objet d’une {type}, durée prévue : {duration}.',
  },
  'notice.maintenance': {
    zh_CN: '维护',
    en: 'maintenance',
    es: 'mantenimiento',
    de: 'Wartung',
    po: 'konserwację',
    tr: 'bakım',
    cz: 'údržba',
    el: 'συντήρηση',
    pt: 'manutenção',
    it: 'manutenzione',
    da: 'vedligeholdelse',
    fi: 'huolto',
    fr: 'maintenance',
  },
  'notice.upgrade': {
    zh_CN: '升级',
    en: 'an upgrade',
    es: 'actualización',
    de: 'Aktualisierung',
    po: 'aktualizację',
    tr: 'yükseltme',
    cz: 'aktualizace',
    el: 'αναβάθμιση',
    pt: 'atualização',
    it: 'aggiornamento',
    da: 'opgradering',
    fi: 'päivitys',
    fr: 'mise à jour',
  },
  'notice.suggests': {
    zh_CN: '建议：',
    en: 'Suggestions:',
    es: 'Sugerencias:',
    de: 'Empfehlungen:',
    po: 'Sugestie:',
    tr: 'Öneriler:',
    cz: 'Doporučení:',
    el: 'Προτάσεις:',
    pt: 'Sugestões:',
    it: 'Suggerimenti:',
    da: 'Forslag:',
    fi: 'Suositukset:',
    fr: 'Suggestions :',
  },
  'notice.confirm': {
    zh_CN: '确定',
    en: 'Confirm',
    es: 'Aceptar',
    de: 'Bestätigen',
    po: 'Potwierdź',
    tr: 'Onayla',
    cz: 'Potvrdit',
    el: 'Επιβεβαίωση',
    pt: 'Confirmar',
    it: 'Conferma',
    da: 'Bekræft',
    fi: 'Vahvista',
    fr: 'Confirmer',
  },
};

function errorCatalogue(): Record<string, Translated> {
  return Object.fromEntries(ALL_ERROR_CODES.map((code) => [String(code), errorMessages(code)]));
}

/**
 * Dictionaries generated from the code base, written to the database at every start. The web
 * texts dictionary has no generated entries: platform administrators fill it with overrides
 * of the web app's built-in texts, and the sync never touches their rows.
 */
export function builtInDictionaries(): BuiltInDictionary[] {
  return [
    { code: 'error', name: 'Error messages', entries: errorCatalogue() },
    { code: 'notice', name: 'Notice dialog', entries: NOTICE_TEXTS },
    { code: WEB_TEXTS_DICTIONARY, name: 'Web app texts', entries: {} },
  ];
}

export interface EntryRow {
  dictionary_code: string;
  lan: ServerLanguage;
  key: string;
  value: string;
}

/** One row per dictionary, key and server language. */
export function dictionaryRows(dictionary: BuiltInDictionary): EntryRow[] {
  return Object.entries(dictionary.entries).flatMap(([key, texts]) =>
    LOCALES.map((locale: Locale) => ({
      dictionary_code: dictionary.code,
      lan: toServerLanguage(locale),
      key,
      value: texts[locale],
    })),
  );
}
