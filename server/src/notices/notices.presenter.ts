import type { Notice } from '@solar/contract';
import type { NoticeRow } from './notices.tables.js';

function asStatus(value: number): Notice['status'] {
  return value === 0 || value === 1 || value === 2 ? value : 1;
}

export function presentNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    status: asStatus(row.status),
    type: row.type === 1 ? 1 : 0,
    scope: row.scope,
    startTime: row.start_time.toISOString(),
    endTime: row.end_time.toISOString(),
    effectiveTime: row.effective_time.toISOString(),
    zhDesc: row.zh_desc,
    enDesc: row.en_desc,
    zhDuration: row.zh_duration,
    enDuration: row.en_duration,
    suggests: row.suggests.map(({ zhSuggest, enSuggest }) => ({ zhSuggest, enSuggest })),
  };
}
