import ts from "typescript";
import fs from "node:fs";
import path from "node:path";
const root = process.cwd();
const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? (e.name === "node_modules" ? [] : walk(path.join(d, e.name))) : /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path.join(d, e.name)] : []);
const files = ["container/src", "container/test", "container/bench", "container/scripts", "protocol/src", "protocol/scripts", "protocol/test", "src", "test", "bench", "mcp/src", "cli/src", "sdk/src", "scripts"].filter((d) => fs.existsSync(d)).flatMap((d) => walk(path.join(root, d)));
const opts = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, allowJs: false, skipLibCheck: true, noEmit: true, types: ["node"], jsx: ts.JsxEmit.ReactJSX, jsxImportSource: "hono/jsx", allowImportingTsExtensions: true };
const host = { getScriptFileNames: () => files, getScriptVersion: () => "1", getScriptSnapshot: (f) => fs.existsSync(f) ? ts.ScriptSnapshot.fromString(fs.readFileSync(f, "utf8")) : undefined, getCurrentDirectory: () => root, getCompilationSettings: () => opts, getDefaultLibFileName: ts.getDefaultLibFilePath, fileExists: ts.sys.fileExists, readFile: ts.sys.readFile, readDirectory: ts.sys.readDirectory, directoryExists: ts.sys.directoryExists, getDirectories: ts.sys.getDirectories };
const ls = ts.createLanguageService(host);
const prog = ls.getProgram();
const targets = files.filter((f) => /\/(container|protocol)\/src\//.test(f));
const shipped = (f) => /\/(container|protocol)\/src\//.test(f) || /\/wt-container\/src\//.test(f) || /\/(mcp|cli|sdk)\/src\//.test(f);
for (const f of targets) {
  const sf = prog.getSourceFile(f);
  const check = (nameNode) => {
    const refs = ls.findReferences(f, nameNode.getStart()) ?? [];
    const others = refs.flatMap((r) => r.references).filter((r) => !(r.fileName === f && r.isDefinition));
    const inFile = others.filter((r) => r.fileName === f).length;
    const ship = others.filter((r) => r.fileName !== f && shipped(r.fileName) && !r.fileName.endsWith("/protocol/src/index.ts")).length;
    const tests = others.filter((r) => r.fileName !== f && !shipped(r.fileName)).map((r) => path.relative(root, r.fileName));
    if (ship === 0) console.log(`${path.relative(root, f)}\t${nameNode.getText()}\tinFile=${inFile}\ttest/bench=${[...new Set(tests)].slice(0,3).join(",")}`);
  };
  for (const st of sf.statements) {
    const exported = ts.getCombinedModifierFlags(st) & ts.ModifierFlags.Export;
    if (!exported) continue;
    if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) ts.isIdentifier(d.name) && check(d.name);
    else if (st.name) check(st.name);
  }
}
