// The dashboard's only way to the data: POST /graphql on the same origin (the public GraphQL API).
// With authentication on, the key the person typed (kept in sessionStorage: gone when the tab closes) goes in
// `Authorization: Bearer`; a 401 forgets it and asks again (see auth.ts).
import { credential, signedOut } from "./auth";

export const GRAPHQL_URL = "/graphql";

export class ApiError extends Error {
  readonly code: string;
  readonly suggestion: string | null;

  constructor(message: string, code: string, suggestion: string | null = null) {
    super(message);
    this.code = code;
    this.suggestion = suggestion;
  }
}

interface GraphQLErrorBody {
  message: string;
  extensions?: { code?: string; suggestion?: string };
}

function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  const key = credential();
  if (key) headers.authorization = `Bearer ${key}`;
  return headers;
}

/** Run one operation; resolves with `data`, rejects with an ApiError carrying the error code. */
export async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(GRAPHQL_URL, {
      method: "POST",
      headers: requestHeaders(),
      body: JSON.stringify({ query, variables }),
    });
  } catch (exc) {
    throw new ApiError(`graphsvc did not answer (${String(exc)})`, "UNREACHABLE", "Is `scripts/serve` running?");
  }
  let body: { data?: T; errors?: GraphQLErrorBody[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new ApiError(`HTTP ${response.status} without a GraphQL answer`, `HTTP_${response.status}`);
  }
  if (body.errors && body.errors.length > 0) {
    const first = body.errors[0];
    const error = new ApiError(first.message, first.extensions?.code ?? "ERROR", first.extensions?.suggestion ?? null);
    if (response.status === 401) signedOut(`The key was not accepted: ${error.message}`);
    throw error;
  }
  if (body.data === undefined) {
    throw new ApiError(`HTTP ${response.status} without data`, `HTTP_${response.status}`);
  }
  return body.data;
}
