// graphsvc-client: a typed client of the graphsvc memory service. The operations' variables and results, the
// schema's enums and inputs, and the typed documents come from ./generated/graphql.ts (GraphQL Code Generator).
export { Graphsvc, OPERATIONS, type Sdk } from "./client.js";
export { GraphsvcError, type GraphQLErrorBody, type GraphsvcErrorDetails } from "./errors.js";
export * from "./generated/graphql.js";
export {
  GraphQLTransport,
  type Credential,
  type GraphsvcOptions,
  type RequestOptions,
  type TypedDocument,
} from "./transport.js";
