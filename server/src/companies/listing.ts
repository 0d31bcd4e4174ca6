/** Offset and limit of a `page` (from 1) and `size` query. */
export function pageWindow(query: { page: number; size: number }): {
  offset: number;
  limit: number;
} {
  return { offset: (query.page - 1) * query.size, limit: query.size };
}

/** An ILIKE pattern matching `search` anywhere, with the wildcards of the input escaped. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** PostgreSQL's unique_violation: a concurrent insert won the race for a unique key. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}
