import {
  type Expression,
  expressionBuilder,
  type ReferenceExpression,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from './schema.js';
import { sqlStateOf } from './storage-errors.js';

interface OrderedRowsQuery<Row> {
  offset(offset: number): { limit(limit: number): { execute(): Promise<Row[]> } };
}

interface TotalQuery {
  executeTakeFirstOrThrow(): Promise<{ total: number | string | bigint }>;
}

/** The `page` (from 1) of `size` rows of an ordered query, with the total `count` finds. */
export async function fetchPage<Row>(
  rows: OrderedRowsQuery<Row>,
  count: TotalQuery,
  query: { page: number; size: number },
): Promise<{ rows: Row[]; total: number }> {
  const [pageRows, counted] = await Promise.all([
    rows
      .offset((query.page - 1) * query.size)
      .limit(query.size)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: pageRows, total: Number(counted.total) };
}

/** An ILIKE pattern matching `search` anywhere, with the wildcards of the input escaped. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The `page` of the rows of `base` with the trimmed `keyword` in any of `columns` (as
 * `containsPattern` matches it; every row when it is missing or blank), as `rows` selects and
 * orders them, and the total of such rows.
 */
export function fetchKeywordPage<TB extends keyof Database, O, Row>(
  base: SelectQueryBuilder<Database, TB, O>,
  query: { keyword?: string | undefined; page: number; size: number },
  columns: readonly ReferenceExpression<Database, TB>[],
  rows: (matching: SelectQueryBuilder<Database, TB, O>) => OrderedRowsQuery<Row>,
): Promise<{ rows: Row[]; total: number }> {
  const keyword = query.keyword?.trim();
  const pattern = keyword ? containsPattern(keyword) : undefined;
  const matching = pattern
    ? base.where((eb) => eb.or(columns.map((column) => eb(column, 'ilike', pattern))))
    : base;
  return fetchPage(
    rows(matching),
    matching.select((eb) => eb.fn.countAll<number>().as('total')),
    query,
  );
}

/** A list's time filter as `rules.instantRange` parses it: instants, either end missing. */
export interface InstantRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * `query` narrowed to rows whose time `column` lies in `range`: from `from` included up to `to`
 * excluded; a missing end leaves that side open. The ends are instants (the first moment of the
 * first day the user picked and of the day after the last), so nothing here decides which zone a
 * day is in, and an excluded end keeps the microseconds of a day's last second inside it.
 */
export function whereWithinRange<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: ReferenceExpression<DB, TB>,
  range: InstantRange,
): SelectQueryBuilder<DB, TB, O> {
  let within = query;
  if (range.from) within = within.where(column, '>=', new Date(range.from));
  if (range.to) within = within.where(column, '<', new Date(range.to));
  return within;
}

/** Rows whose joined `users` account has `search` in its e-mail or nickname. */
export function accountMatches(search: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'users'>();
  const pattern = containsPattern(search);
  return eb.or([eb('users.email', 'ilike', pattern), eb('users.nickname', 'ilike', pattern)]);
}

/** PostgreSQL's unique_violation: a concurrent insert won the race for a unique key. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}
