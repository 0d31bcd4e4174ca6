import type { Locale } from '@solar/contract';
import type { Db } from '../db/database.js';
import { type AuditFilters, filteredAuditEntries } from '../audit/audit.service.js';
import type { Cell } from './export-tables.js';

/** Rows are read from the database through a cursor in chunks of this many. */
const CURSOR_CHUNK = 1000;

/** Header row of the audit-log export in every locale, in column order. */
export const AUDIT_HEADERS: Record<Locale, string[]> = {
  zh_CN: ['时间 (UTC)', '操作人', '操作', '对象', '地址', '详情'],
  en: ['Time (UTC)', 'Who', 'Action', 'Object', 'Address', 'Details'],
  es: ['Hora (UTC)', 'Quién', 'Acción', 'Objeto', 'Dirección', 'Detalles'],
  de: ['Zeit (UTC)', 'Wer', 'Aktion', 'Objekt', 'Adresse', 'Details'],
  po: ['Czas (UTC)', 'Kto', 'Działanie', 'Obiekt', 'Adres', 'Szczegóły'],
  tr: ['Zaman (UTC)', 'Kim', 'İşlem', 'Nesne', 'Adres', 'Ayrıntılar'],
  cz: ['Čas (UTC)', 'Kdo', 'Akce', 'Objekt', 'Adresa', 'Podrobnosti'],
  el: ['Ώρα (UTC)', 'Ποιος', 'Ενέργεια', 'Αντικείμενο', 'Διεύθυνση', 'Λεπτομέρειες'],
  pt: ['Hora (UTC)', 'Quem', 'Ação', 'Objeto', 'Endereço', 'Detalhes'],
  it: ['Ora (UTC)', 'Chi', 'Azione', 'Oggetto', 'Indirizzo', 'Dettagli'],
  da: ['Tid (UTC)', 'Hvem', 'Handling', 'Objekt', 'Adresse', 'Detaljer'],
  fi: ['Aika (UTC)', 'Kuka', 'Toiminto', 'Kohde', 'Osoite', 'Tiedot'],
  fr: ['Heure (UTC)', 'Qui', 'Action', 'Objet', 'Adresse', 'Détails'],
};

/** An instant as `YYYY-MM-DD HH:mm:ss` in UTC. */
function utcTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

export async function countAuditRows(db: Db, filters: AuditFilters): Promise<number> {
  const { total } = await filteredAuditEntries(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The entries, newest first like the list; the action is its stable code. */
export async function* auditCells(db: Db, filters: AuditFilters): AsyncIterable<Cell[]> {
  const rows = filteredAuditEntries(db, filters)
    .select(['created_at', 'actor_email', 'action', 'target', 'address', 'detail'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .stream(CURSOR_CHUNK);
  for await (const row of rows) {
    yield [
      utcTime(row.created_at),
      row.actor_email,
      row.action,
      row.target,
      row.address,
      JSON.stringify(row.detail),
    ];
  }
}
