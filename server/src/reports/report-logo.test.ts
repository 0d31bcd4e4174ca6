import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { crc32, deflateSync } from 'node:zlib';
import { createBrand, createReportConfig, uploadBrandLogo } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtExportRow } from '../test/fixtures/exports.factories.js';
import { buildPlant } from '../test/fixtures/plants.factories.js';
import { endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildPlatformAdminContext, type PlatformAdminContext } from '../test/platform-admin.js';
import { multipartFile, uploadTo } from '../test/fixtures/uploads.factories.js';
import { runDueReports } from '../report-configs/report-jobs.js';
import { until } from '../test/live-devices.js';

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A 2 × 1 RGB PNG without alpha, whose compressed pixels pdfkit embeds unchanged, so the
 * PDF holds these very bytes.
 */
const IDAT = deflateSync(Buffer.from([0, 0xf0, 0x80, 0x10, 0x20, 0x40, 0xc0]));
const header = Buffer.alloc(13);
header.writeUInt32BE(2, 0);
header.writeUInt32BE(1, 4);
header.set([8, 2, 0, 0, 0], 8);
const RGB_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', IDAT),
  chunk('IEND', Buffer.alloc(0)),
]);

let ctx: PlatformAdminContext;
let brandId: number;

beforeAll(async () => {
  ctx = await buildPlatformAdminContext();
  const brand = await endpointData(ctx.t.app, createBrand, {
    token: ctx.platformToken,
    body: {
      key: `report-${randomBytes(4).toString('hex')}`,
      name: 'Report Brand',
      primaryColor: '#225588',
    },
  });
  brandId = brand.id;
  const file = multipartFile(RGB_PNG, 'logo.png', 'image/png');
  const upload = await uploadTo(ctx.t.app, uploadBrandLogo, brandId, ctx.platformToken, file);
  expect(upload.code).toBe(0);
});

/** A due daily PDF configuration of a fresh company's staff user, run by the scheduler. */
async function scheduledPdf(companyBrandId: number | null): Promise<string> {
  const company = await buildCompanyWithStaff(ctx.t.deps, ['workdata.view']);
  await buildPlant(ctx.t.deps, company.admin.id, { company_id: company.company.id });
  const { id } = await endpointData(ctx.t.app, createReportConfig, {
    token: company.staffToken,
    body: {
      name: 'Daily PDF',
      plantIds: [],
      period: 'day',
      grouping: 'plant',
      columns: ['energyKwh'],
      language: 'en',
      format: 'pdf',
      schedule: '0 5 * * *',
    },
  });
  await ctx.t.deps.db
    .updateTable('companies')
    .set({ brand_id: companyBrandId })
    .where('id', '=', company.company.id)
    .execute();
  await ctx.t.deps.db
    .updateTable('report_configs')
    .set({ next_run_at: new Date(Date.now() - 60_000) })
    .where('id', '=', id)
    .execute();
  await runDueReports(ctx.t.deps);
  // A parallel test file's run may have claimed this configuration (SKIP LOCKED) and not yet
  // committed: wait for whichever run took it.
  let exportId: number | null = null;
  await until(async () => {
    const config = await ctx.t.deps.db
      .selectFrom('report_configs')
      .select('last_export_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    exportId = config.last_export_id;
    return exportId !== null;
  });
  const record = await builtExportRow(ctx.t.deps, exportId!);
  expect(record.status).toBe('ready');
  return (await buffer(ctx.t.deps.files.read(record.object_key!))).toString('latin1');
}

describe('report PDF logo', () => {
  it("takes the brand's logo for a company of that brand without a logo, in a scheduled PDF", async () => {
    const pdf = await scheduledPdf(brandId);
    expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(pdf).toContain(IDAT.toString('latin1'));
  });

  it('has no image for a company of the default brand without a logo', async () => {
    const pdf = await scheduledPdf(null);
    expect(pdf).not.toContain('/Subtype /Image');
  });
});
