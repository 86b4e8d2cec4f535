// The transport of every graphsvc request: POST /graphql over `fetch`, `Authorization: Bearer` with the key,
// and the answer's `data`, or a `GraphsvcError` with the first error's code, message and suggestion.
// `Graphsvc` (./client.ts) adds a typed method per operation; the dashboard uses this class directly with its
// own typed documents.
import { GraphsvcError, type GraphQLErrorBody } from "./errors.js";

/** The API key (or JWT), or a function that returns the current one (null: send none). */
export type Credential = string | null | (() => string | null | undefined);

export interface GraphsvcOptions {
  /** The service's base URL (`http://127.0.0.1:8000`); "" for the same origin, as the dashboard does. */
  url: string;
  /** A key from `graphsvc keys create` (or a JWT), sent as `Authorization: Bearer`; leave it out without auth. */
  apiKey?: Credential;
  /** Headers sent with every request (an `x-request-id`...). */
  headers?: Record<string, string>;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
}

/** Per call: an AbortSignal, and headers added to this request only. */
export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A generated typed document: its text, typed with its result and variables (the shape of
 * `DocumentTypeDecoration` of @graphql-typed-document-node/core, which every generated document has). */
export interface TypedDocument<TResult, TVariables> {
  __apiType?: (variables: TVariables) => TResult;
  toString(): string;
}

/** Sends GraphQL documents to one graphsvc. */
export class GraphQLTransport {
  /** Where requests go: the base URL with `/graphql`. */
  readonly endpoint: string;
  readonly #apiKey: Credential;
  readonly #headers: Record<string, string>;
  readonly #fetch: typeof fetch;

  constructor(options: GraphsvcOptions) {
    this.endpoint = `${options.url.replace(/\/+$/, "")}/graphql`;
    this.#apiKey = options.apiKey ?? null;
    this.#headers = options.headers ?? {};
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /**
   * Send one GraphQL document (a generated `…Document`, or your own text) and resolve with its `data`.
   * @throws GraphsvcError with the first error's `code`, `message` and `suggestion`; `UNREACHABLE` when the
   *   service did not answer, `HTTP_<status>` when the answer is not GraphQL.
   */
  async request<TResult, TVariables = Record<string, unknown>>(
    document: string | TypedDocument<TResult, TVariables>,
    variables?: TVariables,
    options: RequestOptions = {},
  ): Promise<TResult> {
    let response: Response;
    try {
      response = await this.#fetch(this.endpoint, {
        method: "POST",
        headers: { ...this.#requestHeaders(), ...options.headers },
        body: JSON.stringify({ query: String(document), variables: variables ?? {} }),
        signal: options.signal,
      });
    } catch (cause) {
      throw new GraphsvcError(`graphsvc at ${this.endpoint} did not answer (${String(cause)})`, "UNREACHABLE", {
        suggestion: "check the URL and that the service runs (scripts/serve)",
        cause,
      });
    }
    let body: { data?: TResult | null; errors?: GraphQLErrorBody[] };
    try {
      body = (await response.json()) as typeof body;
    } catch (cause) {
      throw new GraphsvcError(`HTTP ${response.status} without a GraphQL answer`, `HTTP_${response.status}`, {
        status: response.status,
        cause,
      });
    }
    if (body.errors && body.errors.length > 0) {
      throw errorOf(body.errors, response);
    }
    if (body.data === undefined || body.data === null) {
      throw new GraphsvcError(`HTTP ${response.status} without data`, `HTTP_${response.status}`, {
        status: response.status,
      });
    }
    return body.data;
  }

  #requestHeaders(): Record<string, string> {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json",
      ...this.#headers,
    };
    const key = typeof this.#apiKey === "function" ? this.#apiKey() : this.#apiKey;
    if (key) headers.authorization = `Bearer ${key}`;
    return headers;
  }
}

function errorOf(errors: GraphQLErrorBody[], response: Response): GraphsvcError {
  const [first] = errors;
  const extensions = first.extensions ?? {};
  const header = response.headers.get("retry-after");
  const retryAfterS =
    header !== null && /^\d+$/.test(header)
      ? Number(header)
      : typeof extensions.retryAfter === "number"
        ? extensions.retryAfter
        : null;
  return new GraphsvcError(first.message, extensions.code ?? `HTTP_${response.status}`, {
    status: response.status,
    suggestion: extensions.suggestion ?? null,
    retryAfterS,
    errors,
  });
}
