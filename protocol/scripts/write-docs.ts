// npm run protocol:docs: rewrite the generated "Message shapes" section of docs/render-protocol.md.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withGeneratedSection } from "../src/docs-section.js";

const file = path.join(import.meta.dirname, "../../docs/render-protocol.md");
writeFileSync(file, withGeneratedSection(readFileSync(file, "utf8")));
console.log(`wrote ${path.relative(process.cwd(), file)}`);
