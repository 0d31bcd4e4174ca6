import type { AddressInfo } from 'node:net';
import { createReportConfig, listReportDeliveries, type ReportDelivery } from '@solar/contract';
import * as XLSX from '@e965/xlsx';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlant } from '../test/fixtures/plants.factories.js';
import { endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { deliverReport, removeDeliveredAttachments } from './report-delivery.js';
import { runDueReports } from './report-jobs.js';

interface Received {
  to: string;
  raw: string;
}

/** A real SMTP server in the test process that refuses the first message (451). */
const received: Received[] = [];
let refusals = 1;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 20 * 1024 * 1024,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    stream.on('end', () => {
      if (refusals > 0) {
        refusals -= 1;
        callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }));
        return;
      }
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
      callback();
    });
  },
});

/** A part's file name: folded headers unfolded, RFC 2231 continuations joined and decoded. */
function fileNameOf(headers: string): string | null {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const pieces = [...unfolded.matchAll(/filename(\*\d+)?(\*)?="?([^";\r\n]*)"?/g)];
  if (pieces.length === 0) return null;
  const joined = pieces.map((piece) => piece[3]).join('');
  const isEncoded = pieces.some((piece) => piece[2]);
  return isEncoded ? decodeURIComponent(joined.replace(/^utf-8''/i, '')) : joined;
}

/** The attachments of a raw MIME message (nodemailer's base64 parts), by file name. */
function attachmentsOf(raw: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const part of raw.split(/\r?\n--/)) {
    const [headers = '', ...rest] = part.split(/\r?\n\r?\n/);
    const name = fileNameOf(headers);
    if (!name || !/Content-Transfer-Encoding: base64/i.test(headers)) continue;
    files.set(name, Buffer.from(rest.join('').replace(/\s+/g, ''), 'base64'));
  }
  return files;
}

const sheetRows = (file: Buffer) => {
  const sheet = XLSX.read(file).Sheets.report!;
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
};

let t: TestApp;
let company: Awaited<ReturnType<typeof buildCompanyWithStaff>>;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  company = await buildCompanyWithStaff(t.deps, ['workdata.view', 'station.view']);
  await buildPlant(t.deps, company.admin.id, {
    name: 'Visible roof',
    company_id: company.company.id,
  });
  const stranger = await buildCompanyWithStaff(t.deps);
  await buildPlant(t.deps, stranger.admin.id, {
    name: 'Foreign roof',
    company_id: stranger.company.id,
  });
  // The company admin reads French; the outside address gets the configuration's German.
  await t.deps.db
    .updateTable('users')
    .set({ language: 'fr' })
    .where('id', '=', company.admin.id)
    .execute();
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function deliveriesOf(id: number): Promise<ReportDelivery[]> {
  const data = await endpointData(t.app, listReportDeliveries, {
    token: company.staffToken,
    params: { id },
  });
  return data.deliveries;
}

describe('scheduled report mail', () => {
  it('mails PDF and XLSX in each recipient’s language, owner-scoped, retrying a refusal', async () => {
    const outsider = `accountant-${Date.now()}@example.com`;
    const { id } = await endpointData(t.app, createReportConfig, {
      token: company.staffToken,
      body: {
        name: 'Monthly yield',
        plantIds: [],
        period: 'month',
        grouping: 'plant',
        columns: ['energyKwh'],
        language: 'de',
        format: 'xlsx',
        schedule: '0 6 1 * *',
        timeZone: 'Europe/Berlin',
        recipients: [company.admin.email, outsider],
      },
    });
    await t.deps.db
      .updateTable('report_configs')
      .set({ next_run_at: new Date(Date.now() - 60_000) })
      .where('id', '=', id)
      .execute();

    await runDueReports(t.deps);
    const [queued] = await deliveriesOf(id);
    expect(queued).toMatchObject({ status: 'queued', recipients: [] });
    const jobs = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM pgboss.job
      WHERE name = 'report-mail' AND data->>'deliveryId' = ${String(queued!.id)}`.execute(
      t.deps.db,
    );
    expect(jobs.rows[0]!.count).toBe(1);

    // The report job's run, then the outbox job's runs (the queue's retries, by hand).
    await deliverReport(t.deps, queued!.id);
    await deliverReport(t.deps, queued!.id);
    const mails = await t.deps.db
      .selectFrom('mail_outbox')
      .select(['id', 'recipient'])
      .where('report_delivery_id', '=', queued!.id)
      .orderBy('id')
      .execute();
    expect(mails.map((mail) => mail.recipient)).toEqual([company.admin.email, outsider]);

    await expect(t.deps.mailer.deliver(mails[0]!.id)).rejects.toThrow(/busy/);
    const [failed] = await deliveriesOf(id);
    expect(failed!.status).toBe('failed');
    expect(failed!.recipients[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed!.recipients[0]!.error).toContain('mailbox busy');

    for (const mail of mails) await t.deps.mailer.deliver(mail.id);
    const [sent] = await deliveriesOf(id);
    expect(sent!.status).toBe('sent');
    expect(sent!.recipients.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
    ]);

    const byRecipient = new Map(received.map((mail) => [mail.to, mail.raw]));
    for (const [to, header, subject] of [
      [company.admin.email, 'Énergie (kWh)', 'Rapport'],
      [outsider, 'Energie (kWh)', 'Bericht'],
    ] as const) {
      const raw = byRecipient.get(to)!;
      expect(raw).toContain(subject);
      const files = attachmentsOf(raw);
      const names = [...files.keys()].sort();
      expect(names).toHaveLength(2);
      expect(names[0]).toMatch(/^Monthly yield \d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.pdf$/);
      expect(names[1]).toMatch(/\.xlsx$/);
      expect(files.get(names[0]!)!.subarray(0, 5).toString()).toBe('%PDF-');
      const rows = sheetRows(files.get(names[1]!)!);
      expect(rows[0]).toContain(header);
      const plants = rows.slice(1, -1).map((row) => row[0]);
      expect(plants).toEqual(['Visible roof']);
    }

    expect(await removeDeliveredAttachments(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.files.stat(`report-mail/${queued!.id}/fr/report.pdf`)).toBeNull();
  });
});
