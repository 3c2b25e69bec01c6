// Compile the render backend to one JavaScript file, dist/server.js, which the image runs with plain
// `node` (container/Dockerfile): no TypeScript loader at run time. The backend's own code and the
// workspace packages it imports (@katto/*: @katto/protocol, TypeScript sources in this repository)
// are bundled; every npm package stays an import, installed beside the file, since some load
// native code (onnxruntime-node) or read data files from their own folders (kuromoji's dictionary).
// So the build needs esbuild and the workspace sources, not the backend's npm dependencies.
//   node scripts/build.mjs [outfile]      (npm run build; default dist/server.js)
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outfile = path.resolve(root, process.argv[2] ?? "dist/server.js");

/** Bare imports stay external, except this repository's workspaces. */
const npmPackagesExternal = {
  name: "npm-packages-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@katto/") ? undefined : { path: args.path, external: true }));
  },
};

await build({
  entryPoints: [path.join(root, "src/server.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  // the image's Node (container/Dockerfile: node:22)
  target: "node22",
  plugins: [npmPackagesExternal],
  // stack traces in the logs name the TypeScript sources (node --enable-source-maps)
  sourcemap: true,
  logLevel: "warning",
});
process.stdout.write(`built ${outfile}\n`);
