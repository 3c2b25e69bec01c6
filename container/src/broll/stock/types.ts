// A stock-footage provider (style `broll: stock`): one search, answering one portrait video for
// a word. One file per provider (./pexels.ts), chosen by the task's `broll.stock.provider`.
import type { BrollAsset } from "@katto/protocol";

export interface StockSearchOptions {
  signal: AbortSignal;
  /** the frame the clip fills, to pick the smallest file that still covers it */
  frame: { width: number; height: number };
}

export interface StockProvider {
  readonly name: string;
  /** The best video for `query` as an asset whose keywords are [query]; null when none is found. */
  search(query: string, o: StockSearchOptions): Promise<BrollAsset | null>;
}
