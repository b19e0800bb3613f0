const errorStatus = {
  validation_error: 400,
  bad_request: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  insufficient_funds: 409,
  idempotency_conflict: 409,
  /** A payout quote's locked rate ran out before Execute: quote again (never booked at the old rate). */
  quote_expired: 409,
  gone: 410,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  /** An outside service the person is waiting on did not answer (after our own retry). */
  provider_unavailable: 503,
} as const;

type ErrorCode = keyof typeof errorStatus;

/** The one error class: a code (mapped to an HTTP status) and a message a person should read. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  /** Extra answer fields, e.g. the per-row messages of a batch. */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: { field?: string; details?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.details = options.details;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
