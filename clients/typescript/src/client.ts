// `Graphsvc`: one typed method per query and mutation of the service, over the transport of ./transport.ts
// (`fetch`, `Authorization: Bearer`, errors as `GraphsvcError`). The methods are the generated typed documents
// (./generated/graphql.ts, one `<Name>Document` per operation): `RecallDocument` becomes `recall(variables)`,
// with the document's variables and result types, so a new operation of the schema is a new method as soon
// as `scripts/codegen` has run.
import * as generated from "./generated/graphql.js";
import { TypedDocumentString } from "./generated/graphql.js";
import { GraphQLTransport, type GraphsvcOptions, type RequestOptions } from "./transport.js";

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
export interface Graphsvc extends Sdk {}

/**
 * The graphsvc client. Every query and mutation of the schema is a method that takes the operation's variables
 * and resolves with its `data` (`{ recall: [...] }`), fully typed; `request` sends any other document.
 *
 * @example
 * const memory = new Graphsvc({ url: "http://127.0.0.1:8000", apiKey: process.env.GRAPHSVC_KEY });
 * const { recall } = await memory.recall({ userId: "ana", query: "Where does Ana live?", limit: 3 });
 */
export class Graphsvc extends GraphQLTransport {
  constructor(options: GraphsvcOptions) {
    super(options);
    for (const [name, document] of OPERATIONS) {
      Object.defineProperty(this, name, {
        value: (variables?: Record<string, unknown>, call?: RequestOptions) => this.request(document, variables, call),
      });
    }
  }
}
