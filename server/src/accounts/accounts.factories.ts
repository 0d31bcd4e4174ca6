import { randomInt } from 'node:crypto';
import type { AppDeps } from '../app-deps.js';

/** A random client address, so the per-IP limits of one test never touch another's. */
export function uniqueIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** The code in the newest mail to `email` (the outbox is the delivery without SMTP). */
export async function mailedCode(deps: AppDeps, email: string): Promise<string> {
  const mail = await deps.db
    .selectFrom('mail_outbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  return code;
}

/** A different six-digit code than `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** The answer codes of `count` parallel calls of `attempt`. */
export async function parallelAnswerCodes(
  count: number,
  attempt: () => Promise<{ code: number }>,
): Promise<number[]> {
  const responses = await Promise.all(Array.from({ length: count }, attempt));
  return responses.map((res) => res.code);
}

/** How many of `codes` are `code`. */
export function countOf(codes: number[], code: number): number {
  return codes.filter((c) => c === code).length;
}
