import { createRoute } from "@hono/zod-openapi";
import { BrollListSchema } from "@katto/protocol/api";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { listBroll } from "../../services/broll/library";
import { accountCtx } from "../context";

const route = createRoute({
  method: "get",
  path: "/api/v1/broll",
  operationId: "listBroll",
  tags: ["B-roll"],
  summary: "List the account's B-roll library",
  description: "Requires the read scope. Every ready asset, newest first, with its keywords; uploads not completed are not listed.",
  security,
  middleware: [keyRateLimit("broll_list")] as const,
  responses: { 200: jsonContent(BrollListSchema, "The library."), ...errorResponses(401, 403, 429) },
});

export const registerListBroll = (app: App) => app.openapi(route, async (c) => c.json(await listBroll(accountCtx(c)), 200));
