// What a job's or re-render's task carries for style `broll` (docs/api-decisions.md "Stock B-roll"):
// the account's library for `library`, the operator's stock provider for `stock`; and the API's
// refusal of `stock` when the operator enabled no provider, before anything is charged or queued.
import type { Style, TaskBrollInput } from "@katto/protocol";
import { workerConfig } from "../../config";
import type { Env } from "../../env";
import { ValidationError } from "../../errors";
import { kitsOf, kitStyle } from "../accounts/brand-kit-rows";
import { taskLibrary } from "./library";

export const STOCK_UNAVAILABLE =
  'style.broll "stock" is not available on this server: its operator has not enabled a stock-footage provider (PEXELS_API_KEY). Send "library" to cut away to your own B-roll (POST /api/v1/broll), or "none".';

/** Throws 400 when the style a render would get asks for stock footage and none is configured. */
export function requireBrollAvailable(env: Env, style: Style | null | undefined): void {
  if (style?.broll === "stock" && !workerConfig(env).broll.stock) throw new ValidationError(STOCK_UNAVAILABLE);
}

/**
 * A new job's style as it will render (the default kit's, with the job's fields over it) checked
 * for B-roll: a kit asking for stock on a server without it is refused too, naming the kit.
 */
export async function requireJobBrollAvailable(env: Env, accountId: string, style: Style | null | undefined): Promise<void> {
  if (style?.broll !== undefined) return requireBrollAvailable(env, style);
  if (workerConfig(env).broll.stock) return;
  // only the default kit's style is read here: a kit the render task cannot carry fails the job
  // later, refunded and naming the field (services/render/brand-kit.ts), not its creation
  const row = await kitsOf(env.DB, accountId).limit(1).get();
  if (kitStyle(row?.style ?? null).broll === "stock") throw new ValidationError(`${STOCK_UNAVAILABLE} Your default brand kit asks for it: send config.style.broll, or change the kit's style.`);
}

/** The task's `broll` field for a resolved style: absent unless the style asks for B-roll. */
export async function taskBroll(env: Env, accountId: string, style: Style | null | undefined): Promise<TaskBrollInput | undefined> {
  if (style?.broll === "library") return { library: await taskLibrary(env, accountId), stock: null };
  if (style?.broll === "stock") return { library: [], stock: workerConfig(env).broll.stock };
  return undefined;
}
