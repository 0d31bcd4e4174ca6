import type { AppDeps } from '../app-deps.js';

/** The code in the newest verification text to the account (the outbox is the delivery). */
export async function textedCode(deps: AppDeps, userId: number): Promise<string> {
  const sms = await deps.db
    .selectFrom('sms_outbox')
    .select('text')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'verification')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
  if (!code) throw new Error(`no code in the text to user ${userId}`);
  return code;
}
