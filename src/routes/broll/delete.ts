import { createRoute } from "@hono/zod-openapi";
import { BrollDeletedSchema } from "@katto/protocol/api";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { deleteBroll } from "../../services/broll/library";
import { accountCtx } from "../context";
import { BrollIdParams } from "./complete";

const route = createRoute({
  method: "delete",
  path: "/api/v1/broll/{id}",
  operationId: "deleteBroll",
  tags: ["B-roll"],
  summary: "Delete a B-roll asset",
  description:
    "Requires the write scope. Irreversible: the file is removed and no later render cuts away to it; clips already rendered keep their pictures, and their HD files or re-renders show the speaker where it was.",
  security,
  middleware: [keyRateLimit("broll_write")] as const,
  request: { params: BrollIdParams },
  responses: { 200: jsonContent(BrollDeletedSchema, "Deleted."), ...errorResponses(400, 401, 403, 404, 429) },
});

export const registerDeleteBroll = (app: App) => app.openapi(route, async (c) => c.json(await deleteBroll(accountCtx(c), c.req.valid("param").id), 200));
