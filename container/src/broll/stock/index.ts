// Chooses the stock provider the task names (the operator's key and API origin come with it).
import type { StockProvider as StockProviderConfig } from "@katto/protocol";
import { createPexelsProvider } from "./pexels.js";
import type { StockProvider } from "./types.js";

export type { StockProvider, StockSearchOptions } from "./types.js";

export function createStockProvider(cfg: StockProviderConfig, o: { fetch?: typeof fetch } = {}): StockProvider {
  switch (cfg.provider) {
    case "pexels":
      return createPexelsProvider({ apiKey: cfg.api_key, apiUrl: cfg.api_url, fetch: o.fetch });
  }
}
