// The generated section of docs/render-protocol.md: written by `npm run protocol:docs`, compared
// by test/docs/render-protocol.test.ts.
import { describeProtocol } from "./describe.js";

export const SECTION_START = "<!-- generated:protocol:start -->";
export const SECTION_END = "<!-- generated:protocol:end -->";

/** The document with its generated section replaced by the schemas' current text. */
export function withGeneratedSection(doc: string): string {
  const a = doc.indexOf(SECTION_START);
  const b = doc.indexOf(SECTION_END);
  if (a < 0 || b < a) throw new Error(`docs/render-protocol.md lacks the ${SECTION_START} … ${SECTION_END} markers`);
  return `${doc.slice(0, a + SECTION_START.length)}\n${describeProtocol()}\n${doc.slice(b)}`;
}
