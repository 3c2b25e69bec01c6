// @katto/protocol/api: the public API's request and response schemas (service-api-v1), in plain zod
// so that every door reads the same objects: the Worker's routes validate with them and generate
// /openapi.json from them (the Worker names them as components: src/schemas/components.ts), and the
// MCP tools publish them as their input and output schemas. Descriptions and examples are zod
// `.meta()`, which both the OpenAPI generator and zod's JSON Schema read.
export * from "./config.js";
export * from "./job.js";
export * from "./account.js";
export * from "./connection.js";
export * from "./publication.js";
export * from "./metrics.js";
export * from "./rerender.js";
export * from "./version.js";
export * from "./upload.js";
export * from "./sources.js";
export * from "./broll.js";
export * from "./transcript-edit.js";
export * from "./manual-clip.js";
export * from "./export.js";
export * from "./fields.js";
