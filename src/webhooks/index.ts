// Public surface of the webhook module (docs/webhooks.md).
export * from "./signature";
export * from "./secret";
export * from "./url-safety";
export * from "./payload";
export * from "./delivery";
