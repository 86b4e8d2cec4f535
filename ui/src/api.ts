// The dashboard's only way to the data: POST /graphql on the same origin (the public GraphQL API), through the
// TypeScript client's transport (clients/typescript), with the dashboard's typed documents (graphql/*.graphql,
// types generated into generated/graphql.ts). With authentication on, the key the person typed (kept in
// sessionStorage: gone when the tab closes) goes in `Authorization: Bearer`; a 401 forgets it and asks again
// (see auth.ts).
import { GraphsvcError } from "../../clients/typescript/src/errors";
import { GraphQLTransport, type TypedDocument } from "../../clients/typescript/src/transport";
import { credential, signedOut } from "./auth";

export { GraphsvcError };

const transport = new GraphQLTransport({ url: "", apiKey: credential });

/** Run one typed document; resolves with its `data`, rejects with a GraphsvcError carrying the error code. */
export async function gql<TResult, TVariables>(
  document: TypedDocument<TResult, TVariables>,
  variables: TVariables,
): Promise<TResult> {
  try {
    return await transport.request(document, variables);
  } catch (exc) {
    if (exc instanceof GraphsvcError && exc.status === 401) signedOut(`The key was not accepted: ${exc.message}`);
    throw exc;
  }
}

/** Any thrown value as a GraphsvcError (what the views show). */
export function asError(exc: unknown): GraphsvcError {
  return exc instanceof GraphsvcError ? exc : new GraphsvcError(String(exc), "ERROR");
}
