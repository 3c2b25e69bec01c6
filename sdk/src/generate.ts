// The one way the SDK's types are made from an OpenAPI document (used by the generate script and
// by the drift test, so both produce byte-identical output).
import openapiTS, { astToString } from "openapi-typescript";

export async function generateTypes(doc: object): Promise<string> {
  const ast = await openapiTS(doc as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return `// Generated from the Katto OpenAPI document by sdk/scripts/generate.ts. Do not edit.\n${astToString(ast)}`;
}
