import type { AppDeps } from '../app-deps.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

const DEMO_NOTICE_EN = 'Planned maintenance of the monitoring portal (demo notice).';

const DEMO_VERSIONS = [
  {
    version: '1.0.0',
    released_at: new Date('2026-01-15T08:00:00Z'),
    notes: {
      en: 'First release: plant monitoring, device management, events, reports and user accounts.',
      zh: '首个版本：电站监控、设备管理、事件、报表与用户账户。',
    },
  },
  {
    version: '1.1.0',
    released_at: new Date('2026-06-01T08:00:00Z'),
    notes: {
      en: 'Dark style, personal theme colour, alarm e-mail settings and the system-update history.',
      zh: '深色风格、个人主题色、告警邮件设置与系统更新记录。',
    },
  },
];

/**
 * Demo notices and versions for embedded mode. Safe to run at every start: versions are
 * keyed by their name and the notice by its text. The notice is unpublished (status 1), so
 * it waits in system management instead of popping up for every demo user.
 */
export async function seedDemoContent({ db }: AppDeps): Promise<void> {
  await retryingTransaction(db, async (trx) => {
    await trx
      .insertInto('versions')
      .values(DEMO_VERSIONS.map((v) => ({ ...v, notes: JSON.stringify(v.notes) })))
      .onConflict((oc) => oc.column('version').doNothing())
      .execute();
    const existing = await trx
      .selectFrom('notices')
      .select('id')
      .where('en_desc', '=', DEMO_NOTICE_EN)
      .executeTakeFirst();
    if (existing) return;
    await trx
      .insertInto('notices')
      .values({
        status: 1,
        type: 0,
        scope: '0',
        start_time: new Date('2026-12-05T22:00:00Z'),
        end_time: new Date('2026-12-06T02:00:00Z'),
        effective_time: new Date('2026-12-05T22:00:00Z'),
        zh_desc: '监控平台计划维护（演示公告）。',
        en_desc: DEMO_NOTICE_EN,
        zh_duration: '4小时',
        en_duration: '4 hours',
        suggests: JSON.stringify([
          {
            zhSuggest: '请在维护前导出所需报表。',
            enSuggest: 'Export the reports you need before the maintenance.',
          },
          {
            zhSuggest: '维护期间设备数据会在恢复后补传。',
            enSuggest: 'Device data sent during the maintenance is filled in afterwards.',
          },
        ]),
      })
      .execute();
  });
}
