// @katto/protocol: the contract between the Worker (src/) and the render backend (container/).
// Both sides import these schemas; docs/render-protocol.md is checked against them by a test.
// The public API's own request and response schemas are the subpath @katto/protocol/api (src/api/).
export * from "./vocabularies.js";
export * from "./files.js";
export * from "./parse.js";
export * from "./common.js";
export * from "./brand-kit.js";
export * from "./style.js";
export * from "./aspect.js";
export * from "./broll.js";
export * from "./clip-metadata.js";
export * from "./render-job.js";
export * from "./quality.js";
export * from "./events.js";
export * from "./tasks.js";
export * from "./render-settings.js";
export * from "./settings.js";
export * from "./caption-preview.js";
export * from "./transcript-edit.js";
export * from "./snap.js";
export * from "./clip-time.js";
export * from "./clip-timeline.js";
export * from "./clip-timeline-views.js";
export * from "./magic.js";
export * from "./numbers.js";
export * from "./post-copy.js";
export * from "./text-width.js";
export * from "./caption-layout.js";
export * from "./platform-shapes.js";
