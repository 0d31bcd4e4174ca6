import type { Db } from '../db/database.js';
import type { Row } from '../db/schema.js';

export type BrandRow = Row<'brands'>;
export type BrandWithHosts = BrandRow & { hosts: string[] };

/** The brand's host names, sorted. */
async function hostsOf(db: Db, brandIds: number[]): Promise<Map<number, string[]>> {
  const hosts = new Map<number, string[]>(brandIds.map((id) => [id, []]));
  if (brandIds.length === 0) return hosts;
  const rows = await db
    .selectFrom('brand_hosts')
    .select(['brand_id', 'host'])
    .where('brand_id', 'in', brandIds)
    .orderBy('host')
    .execute();
  for (const row of rows) hosts.get(row.brand_id)?.push(row.host);
  return hosts;
}

export async function withHosts(db: Db, rows: BrandRow[]): Promise<BrandWithHosts[]> {
  const hosts = await hostsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, hosts: hosts.get(row.id) ?? [] }));
}

/** Replaces the brand's hosts; a host another brand holds fails with a unique violation. */
export async function replaceHosts(db: Db, brandId: number, hosts: string[]): Promise<void> {
  await db.deleteFrom('brand_hosts').where('brand_id', '=', brandId).execute();
  const unique = [...new Set(hosts)];
  if (unique.length === 0) return;
  await db
    .insertInto('brand_hosts')
    .values(unique.map((host) => ({ host, brand_id: brandId })))
    .execute();
}

/** The brand whose key is `source`, else the one serving `host`; undefined for neither. */
export async function brandFor(db: Db, source: string | undefined, host: string) {
  const byKey = source
    ? await db.selectFrom('brands').selectAll().where('key', '=', source).executeTakeFirst()
    : undefined;
  if (byKey) return byKey;
  return db
    .selectFrom('brands')
    .innerJoin('brand_hosts', 'brand_hosts.brand_id', 'brands.id')
    .selectAll('brands')
    .where('brand_hosts.host', '=', host)
    .executeTakeFirst();
}
