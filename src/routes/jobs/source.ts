import { createRoute } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { JobSourceSchema } from "@katto/protocol/api";
import { getJobSource } from "../../services/export/export";
import { accountCtx } from "../context";
import { JobIdParams } from "./get";

const route = createRoute({
  method: "get",
  path: "/api/v1/jobs/{id}/source",
  operationId: "getJobSource",
  tags: ["Jobs"],
  summary: "Where to download the job's source video",
  description:
    "For an uploaded source: a signed link to the file (no API key needed) that works for 24 hours. For a job made from a link: that link as given (Katto keeps no copy; a platform page needs a downloader). `file_name` is the name a clip export with source=file refers to: save the source under it beside the project.",
  security,
  middleware: [keyRateLimit("clips")] as const,
  request: { params: JobIdParams },
  responses: { 200: jsonContent(JobSourceSchema, "Where to download the source."), ...errorResponses(400, 401, 403, 404, 429) },
});

export const registerGetJobSource = (app: App) => app.openapi(route, async (c) => c.json(await getJobSource(accountCtx(c), c.req.valid("param").id), 200));
