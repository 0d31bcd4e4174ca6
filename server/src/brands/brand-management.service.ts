import { type createBrand, ErrorCode, type ParsedBody, type updateBrand } from '@solar/contract';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import { auditedWrite } from '../audit/audited-write.js';
import type { Db } from '../db/database.js';
import { fetchPage } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { type ObjectStore, readIfStored } from '../storage/object-store.js';
import type { UploadedFile } from '../uploads/picture-upload.js';
import { replaceStoredPicture } from '../uploads/stored-picture.js';
import type { BrandDirectory } from '../auth/brand-directory.js';
import { type BrandRow, type BrandWithHosts, replaceHosts, withHosts } from './brands.store.js';

export type NewBrand = ParsedBody<typeof createBrand>;
export type BrandChange = ParsedBody<typeof updateBrand>;

function describe(row: Pick<BrandRow, 'id' | 'key'>): string {
  return `brand ${row.id} ${row.key}`;
}

function taken(): AppError {
  return new AppError(ErrorCode.codeExists, 'this brand key or host is taken already');
}

function notFound(): AppError {
  return new AppError(ErrorCode.noPermission, 'brand not found');
}

function storedFields(input: BrandChange) {
  return {
    name: input.name,
    primary_color: input.primaryColor.toUpperCase(),
    sign_in_title: JSON.stringify(input.signInTitle),
    footer_text: JSON.stringify(input.footerText),
    agreement: JSON.stringify(input.agreement),
    mail_from_name: input.mailFromName,
    mail_from_address: input.mailFromAddress,
  };
}

/** The brand's pictures: the logo (menu and sign-in page) and the favicon. */
export type BrandPicture = 'logo' | 'favicon';

const PICTURE_COLUMNS = { logo: 'logo_key', favicon: 'favicon_key' } as const;
const PICTURE_AUDIT = { logo: 'brand.logoChanged', favicon: 'brand.faviconChanged' } as const;

/** Creating and editing white-label brands and their logos, each change with its audit entry. */
export class BrandManagementService {
  constructor(
    private readonly db: Db,
    private readonly files: ObjectStore,
    private readonly directory: BrandDirectory,
  ) {}

  async list(query: { page: number; size: number }) {
    const { rows, total } = await fetchPage(
      this.db.selectFrom('brands').selectAll().orderBy('key'),
      this.db.selectFrom('brands').select((eb) => eb.fn.countAll().as('total')),
      query,
    );
    return { rows: await withHosts(this.db, rows), total };
  }

  async create(actor: AuditActor, input: NewBrand): Promise<BrandWithHosts> {
    const created = await auditedWrite(this.db, actor, {
      write: async (trx) => {
        const row = await trx
          .insertInto('brands')
          .values({ key: input.key, ...storedFields(input) })
          .returningAll()
          .executeTakeFirstOrThrow();
        await replaceHosts(trx, row.id, input.hosts);
        return (await withHosts(trx, [row]))[0];
      },
      audit: (row) => ({ action: 'brand.created', target: describe(row) }),
      notFound,
      taken,
    });
    this.directory.forget();
    return created;
  }

  async update(actor: AuditActor, id: number, change: BrandChange): Promise<BrandWithHosts> {
    const updated = await auditedWrite(this.db, actor, {
      write: async (trx) => {
        const row = await trx
          .updateTable('brands')
          .set({ ...storedFields(change), updated_at: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await replaceHosts(trx, row.id, change.hosts);
        return (await withHosts(trx, [row]))[0];
      },
      audit: (row) => ({ action: 'brand.updated', target: describe(row) }),
      notFound,
      taken,
    });
    this.directory.forget();
    return updated;
  }

  /** Stores the new picture, points the brand at it, then removes the one it replaced. */
  async replacePicture(
    actor: AuditActor,
    id: number,
    picture: BrandPicture,
    file: UploadedFile,
  ): Promise<BrandWithHosts> {
    const column = PICTURE_COLUMNS[picture];
    const row = await replaceStoredPicture(
      { db: this.db, files: this.files },
      `brands/${id}`,
      file,
      async (trx, key) => {
        const before = await trx
          .selectFrom('brands')
          .select(column)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw notFound();
        const updated = await trx
          .updateTable('brands')
          .set({ [column]: key, updated_at: new Date() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: PICTURE_AUDIT[picture],
          target: describe(updated),
        });
        return { row: updated, previousKey: before[column] };
      },
    );
    return (await withHosts(this.db, [row]))[0] as BrandWithHosts;
  }

  async picture(id: number, picture: BrandPicture) {
    const column = PICTURE_COLUMNS[picture];
    const row = await this.db
      .selectFrom('brands')
      .select(['key', column])
      .where('id', '=', id)
      .executeTakeFirst();
    const key = row?.[column];
    const body = key ? await readIfStored(this.files, key) : null;
    if (!row || !body) throw notFound();
    return { fileName: `${row.key}-${picture}.png`, body };
  }
}
