/** A failed call: status > 399, an unreadable answer or no answer at all. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own `message`, when it sent one a person can read. */
  readonly serverMessage: string | null;
  readonly code: string | null;
  readonly field: string | null;
  /** Whether the call carried the session token (a 401 then means the session ended). */
  readonly wasAuthenticated: boolean;
  /** 403 two_factor_enrolment_required: answered by the route guard's set-up screen, not a toast. */
  readonly isEnrolmentRequired: boolean;

  constructor(options: {
    status: number;
    serverMessage: string | null;
    code?: string | null;
    field?: string | null;
    wasAuthenticated: boolean;
    isEnrolmentRequired?: boolean;
  }) {
    super(options.serverMessage ?? UNREADABLE_ANSWER);
    this.name = 'ApiError';
    this.status = options.status;
    this.serverMessage = options.serverMessage;
    this.code = options.code ?? null;
    this.field = options.field ?? null;
    this.wasAuthenticated = options.wasAuthenticated;
    this.isEnrolmentRequired = options.isEnrolmentRequired ?? false;
  }

  get isSessionExpired(): boolean {
    return this.status === 401 && this.wasAuthenticated;
  }
}

export const UNREADABLE_ANSWER = 'status code out of range';
