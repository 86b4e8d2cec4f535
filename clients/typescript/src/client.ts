// `Graphsvc`: one typed method per query and mutation of the service, over `fetch`, with
// `Authorization: Bearer` and errors as `GraphsvcError`. The methods are the generated typed documents
// (./generated/graphql.ts, one `<Name>Document` per operation): `RecallDocument` becomes `recall(variables)`,
// with the document's variables and result types, so a new operation of the schema is a new method as soon
// as `scripts/codegen` has run.
import { GraphsvcError, type GraphQLErrorBody } from "./errors.js";
import * as generated from "./generated/graphql.js";
import { TypedDocumentString } from "./generated/graphql.js";

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

type Generated = typeof generated;

/** Operation name (`recall`) → its typed document (`RecallDocument`). */
type Operations = {
  [K in keyof Generated as K extends `${infer Name}Document` ? Uncapitalize<Name> : never]: Generated[K];
};

/** The method of one typed document: its variables (optional when every one is) to its result. */
type Method<D> =
  D extends TypedDocumentString<infer Result, infer Variables>
    ? {} extends Variables // every variable optional (or none)
      ? (variables?: Variables, options?: RequestOptions) => Promise<Result>
      : (variables: Variables, options?: RequestOptions) => Promise<Result>
    : never;

/** One method per query and mutation of the schema (`recall`, `ingestMessages`, `userTraits`...). */
export type Sdk = { [K in keyof Operations]: Method<Operations[K]> };

/** The text of each generated document by method name (`recall` → `RecallDocument`); fragments left out. */
export const OPERATIONS: ReadonlyMap<string, string> = new Map(
  Object.entries(generated).flatMap(([name, value]): [string, string][] =>
    name.endsWith("Document") && value instanceof TypedDocumentString
      ? [[name.charAt(0).toLowerCase() + name.slice(1, -"Document".length), String(value)]]
      : [],
  ),
);

// Declaration merging: a Graphsvc has every method of Sdk, added in the constructor from OPERATIONS.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface Graphsvc extends Sdk {}

/**
 * The graphsvc client. Every query and mutation of the schema is a method that takes the operation's variables
 * and resolves with its `data` (`{ recall: [...] }`), fully typed; `request` sends any other document.
 *
 * @example
 * const memory = new Graphsvc({ url: "http://127.0.0.1:8000", apiKey: process.env.GRAPHSVC_KEY });
 * const { recall } = await memory.recall({ userId: "ana", query: "Where does Ana live?", limit: 3 });
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Graphsvc {
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
    for (const [name, document] of OPERATIONS) {
      Object.defineProperty(this, name, {
        value: (variables?: Record<string, unknown>, call?: RequestOptions) => this.request(document, variables, call),
      });
    }
  }

  /**
   * Send one GraphQL document (a generated `…Document`, or your own text) and resolve with its `data`.
   * @throws GraphsvcError with the first error's `code`, `message` and `suggestion`; `UNREACHABLE` when the
   *   service did not answer, `HTTP_<status>` when the answer is not GraphQL.
   */
  async request<TResult, TVariables = Record<string, unknown>>(
    document: string | TypedDocumentString<TResult, TVariables>,
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
