/** The SQLSTATE of a PostgreSQL error (node-postgres puts it in `code`), or null. */
export function sqlStateOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/**
 * SQLSTATE classes that say "not now" rather than "not this": connection exceptions (08),
 * serialization failures and deadlocks (40), insufficient resources (53), operator intervention
 * such as a shutdown or a cancelled statement (57), system errors (58).
 */
const TRANSIENT_SQLSTATE_CLASSES = new Set(['08', '40', '53', '57', '58']);

const TRANSIENT_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and its pool report lost or unavailable connections in these words. */
const TRANSIENT_MESSAGE =
  /connection terminated|connection (is )?closed|timeout exceeded when trying to connect|cannot use a pool after calling end|client has encountered a connection error/i;

/**
 * Whether trying the same work again later may succeed: the database was unreachable, busy or
 * lost a race. Anything else (a value the database refuses, a bug met by one message) fails the
 * same way every time, so retrying it only holds back what waits behind it.
 */
export function isTransientStorageError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // Checked first: `EPIPE` has the shape of a SQLSTATE.
  if (typeof code === 'string' && TRANSIENT_SOCKET_CODES.has(code)) return true;
  const sqlState = sqlStateOf(error);
  if (sqlState) return TRANSIENT_SQLSTATE_CLASSES.has(sqlState.slice(0, 2));
  return error instanceof Error && TRANSIENT_MESSAGE.test(error.message);
}
