// The one error the client throws: what the service answered (code, message, suggestion), or why there was no
// answer. Codes are the service's (`extensions.code`: FORBIDDEN, NOT_FOUND, INVALID_INPUT, UNAUTHENTICATED,
// RATE_LIMITED, OVERLOADED, DEADLINE_EXCEEDED, INTERNAL...); the client adds UNREACHABLE (no answer) and
// HTTP_<status> (an answer that is not GraphQL).

/** One error of a GraphQL answer, as the service sends it. */
export interface GraphQLErrorBody {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: string; suggestion?: string; retryAfter?: number; [key: string]: unknown };
}

export interface GraphsvcErrorDetails {
  /** Who to ask again: the HTTP status of the answer (0 when there was none). */
  status?: number;
  /** How to fix it, when the service says. */
  suggestion?: string | null;
  /** Seconds to wait before asking again (RATE_LIMITED: the Retry-After header; OVERLOADED: `retryAfter`). */
  retryAfterS?: number | null;
  /** Every error of the answer (the first one names this error). */
  errors?: ReadonlyArray<GraphQLErrorBody>;
  cause?: unknown;
}

/** An error answered by graphsvc, or no answer at all. */
export class GraphsvcError extends Error {
  override readonly name = "GraphsvcError";
  /** The service's code, `UNREACHABLE` without an answer, or `HTTP_<status>` for an answer without one. */
  readonly code: string;
  readonly suggestion: string | null;
  readonly status: number;
  readonly retryAfterS: number | null;
  readonly errors: ReadonlyArray<GraphQLErrorBody>;

  constructor(message: string, code: string, details: GraphsvcErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.suggestion = details.suggestion ?? null;
    this.status = details.status ?? 0;
    this.retryAfterS = details.retryAfterS ?? null;
    this.errors = details.errors ?? [];
  }
}
