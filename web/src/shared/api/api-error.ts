/** A business answer with a non-zero code, or a failed transport. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {
    super(`API code ${code}: ${msg}`);
    this.name = 'ApiError';
  }
}

/** Codes the client uses for failures that never reached a business answer. */
export const TRANSPORT_FAILURE = {
  network: -1,
  unauthorized: -401,
} as const;
