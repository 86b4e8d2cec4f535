// Writes graphsvc/api/static/ui/build-stamp.json: a hash of everything the build reads (src/, index.html,
// the configs and the lockfile, the client modules it bundles). tests/unit/test_ui_assets.py recomputes it, so a change to the sources
// without `npm run build` fails the suite, without npm at test time.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
// The TypeScript client's transport and errors are bundled into the dashboard too (src/api.ts imports them).
const inputs = [
  "index.html",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "src",
  "scripts",
  "../clients/typescript/src/transport.ts",
  "../clients/typescript/src/errors.ts",
];

function files(path) {
  const full = join(root, path);
  if (statSync(full).isDirectory()) {
    return readdirSync(full).sort().flatMap((name) => files(join(path, name)));
  }
  return [path];
}

const hash = createHash("sha256");
const listed = inputs.flatMap(files).map((p) => p.split("\\").join("/")).sort();
for (const path of listed) {
  hash.update(path + "\0");
  hash.update(readFileSync(join(root, path)));
  hash.update("\0");
}
const out = fileURLToPath(new URL("../../graphsvc/api/static/ui/build-stamp.json", import.meta.url));
writeFileSync(out, JSON.stringify({ sha256: hash.digest("hex"), files: listed.length }, null, 2) + "\n");
console.log(`stamp ${relative(root, out)}`);
