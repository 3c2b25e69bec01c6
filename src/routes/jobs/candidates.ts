import { createRoute, z } from "@hono/zod-openapi";
import { keyRateLimit } from "../../middleware/rate-limit";
import type { App } from "../../middleware/types";
import { errorResponses, jsonContent, security } from "../../schemas/common";
import { CandidateListSchema, ClipCreatedSchema } from "@katto/protocol/api";
import { listCandidates, promoteCandidate } from "../../services/clips/manual";
import { accountCtx } from "../context";
import { JobIdParams } from "./get";

const listRoute = createRoute({
  method: "get",
  path: "/api/v1/jobs/{id}/candidates",
  operationId: "listCandidates",
  tags: ["Clips"],
  summary: "List the moments the selection considered and left out",
  description:
    "Each with its range, score, subscores and the reason it is not a clip (overlap, below_cutoff, too_short, max_clips). Those not overlapping a clip come first, best first; at most 200. Empty until the job completes, and for jobs made before candidates were recorded.",
  security,
  middleware: [keyRateLimit("candidates")] as const,
  request: { params: JobIdParams },
  responses: { 200: jsonContent(CandidateListSchema, "The left-out candidates."), ...errorResponses(400, 401, 403, 404, 429) },
});

const CandidateParams = JobIdParams.extend({
  candidate_id: z
    .string()
    .max(64, { error: "candidate_id must be at most 64 characters" })
    .openapi({ param: { name: "candidate_id", in: "path" }, example: "cand_3f9a1c0d2b4e6f70" }),
});

const promoteRoute = createRoute({
  method: "post",
  path: "/api/v1/jobs/{id}/candidates/{candidate_id}/promote",
  operationId: "promoteCandidate",
  tags: ["Clips"],
  summary: "Make a left-out candidate a clip",
  description:
    "Requires the write scope. Free: no quota. The candidate's range becomes a clip made by hand (as POST /jobs/{id}/clips, origin \"manual\"). 409 when it was already promoted (naming its clip), when the job is not completed, or when the job already has 10 clips; 400 when the candidate is shorter than 3 s.",
  security,
  middleware: [keyRateLimit("create_clip")] as const,
  request: { params: CandidateParams },
  responses: { 202: jsonContent(ClipCreatedSchema, "Accepted and queued."), ...errorResponses(400, 401, 403, 404, 409, 429) },
});

export const registerListCandidates = (app: App) => app.openapi(listRoute, async (c) => c.json(await listCandidates(accountCtx(c), c.req.valid("param").id), 200));

export const registerPromoteCandidate = (app: App) =>
  app.openapi(promoteRoute, async (c) => {
    const { id, candidate_id } = c.req.valid("param");
    return c.json(await promoteCandidate(accountCtx(c), id, candidate_id), 202);
  });
