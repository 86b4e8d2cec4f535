// Copies GraphiQL and React (the UMD builds strawberry's GraphiQL page loads from a CDN) from node_modules
// into the Python package, byte for byte, with their licences: GET /graphql then needs no network.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const modules = fileURLToPath(new URL("../node_modules/", import.meta.url));
const target = fileURLToPath(new URL("../../graphsvc/api/static/graphiql/vendor/", import.meta.url));

const files = {
  "graphiql.min.js": "graphiql/graphiql.min.js",
  "graphiql.min.css": "graphiql/graphiql.min.css",
  "react.production.min.js": "react/umd/react.production.min.js",
  "react-dom.production.min.js": "react-dom/umd/react-dom.production.min.js",
  "LICENSE.graphiql": "graphiql/LICENSE",
  "LICENSE.react": "react/LICENSE",
  "LICENSE.react-dom": "react-dom/LICENSE",
};

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
for (const [name, source] of Object.entries(files)) {
  copyFileSync(modules + source, target + name);
}
console.log(`vendored ${Object.keys(files).length} files into ${target}`);
