// Builds the Worker's HTTP app: one error model, validation hook, security schemes, the public
// OpenAPI 3.1 document, and the explicit list of routes (read top to bottom: this is the API).
import { registerCreateClip } from "./routes/jobs/create-clip";
import { registerListCandidates, registerPromoteCandidate } from "./routes/jobs/candidates";
import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { registerDashboard } from "./dashboard";
import { registerOAuthPages } from "./mcp/authorize";
import { errorBody, ServiceError } from "./errors";
import { apiGate } from "./middleware/rate-limit";
// Names the public schemas (@katto/protocol/api) as components of the OpenAPI documents.
import "./schemas/components";
import type { App, AppEnv } from "./middleware/types";
import { registerListBrandKits } from "./routes/account/brand-kits";
import { registerGetAccount } from "./routes/account/me";
import { registerGetUsage } from "./routes/account/usage";
import { registerGetWebhookDetails } from "./routes/account/webhook";
import { adminAuth, registerAdmin } from "./routes/admin/routes";
import { registerFiles } from "./routes/files/get";
import { registerInternal } from "./routes/internal/routes";
import { registerCancelJob } from "./routes/jobs/cancel";
import { registerConnectionCallback } from "./routes/connections/callback";
import { registerCreateConnection } from "./routes/connections/create";
import { registerDeleteConnection } from "./routes/connections/delete";
import { registerListConnections } from "./routes/connections/list";
import { registerCancelPublication } from "./routes/publications/cancel";
import { registerPublishClip } from "./routes/publications/create";
import { registerGetPublication } from "./routes/publications/get";
import { registerListPublications } from "./routes/publications/list";
import { registerGetInsights } from "./routes/insights/get";
import { registerGetClips } from "./routes/jobs/clips";
import { registerCreateJob } from "./routes/jobs/create";
import { registerGetJob } from "./routes/jobs/get";
import { registerListJobs } from "./routes/jobs/list";
import { registerGetTranscript } from "./routes/jobs/transcript";
import { registerEditTranscript } from "./routes/jobs/edit-transcript";
import { registerEditClip } from "./routes/jobs/edit-clip";
import { registerTrimClip } from "./routes/rerenders/trim";
import { registerExportClip } from "./routes/jobs/export";
import { registerGetJobSource } from "./routes/jobs/source";
import { registerRerenderClip } from "./routes/rerenders/create";
import { registerGetRerender } from "./routes/rerenders/get";
import { registerCompleteUpload } from "./routes/uploads/complete";
import { registerLocalUploadTarget } from "./routes/uploads/local-target";
import { registerReserveUpload } from "./routes/uploads/reserve";
import { registerCompleteBrollUpload } from "./routes/broll/complete";
import { registerCreateBrollUpload } from "./routes/broll/create";
import { registerDeleteBroll } from "./routes/broll/delete";
import { registerListBroll } from "./routes/broll/list";
import { registerLocalBrollUploadTarget } from "./routes/broll/local-target";

export const MAX_JSON_BODY_BYTES = 64 * 1024;

const describeIssues = (issues: { path: PropertyKey[]; message: string }[]) =>
  issues.map((i) => (i.path.length ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join("; ");

function newApp(): App {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const target = (result as { target?: string }).target;
        const where = target === "header" ? "Invalid header" : target === "query" ? "Invalid query parameter" : target === "param" ? "Invalid path parameter" : "Invalid request body";
        return c.json(errorBody("bad_request", `${where}: ${describeIssues(result.error.issues)}`), 400);
      }
    },
  });
}

/** Every route of the public API and of the admin API, in one list each. */
const publicRoutes = [
  registerCreateJob,
  registerListJobs,
  registerGetJob,
  registerCancelJob,
  registerGetTranscript,
  registerEditTranscript,
  registerGetClips,
  registerEditClip,
  registerGetJobSource,
  registerExportClip,
  registerReserveUpload,
  registerCompleteUpload,
  registerCreateBrollUpload,
  registerCompleteBrollUpload,
  registerListBroll,
  registerDeleteBroll,
  registerRerenderClip,
  registerTrimClip,
  registerGetRerender,
  registerCreateClip,
  registerListCandidates,
  registerPromoteCandidate,
  registerGetUsage,
  registerGetAccount,
  registerListBrandKits,
  registerGetWebhookDetails,
  registerListConnections,
  registerCreateConnection,
  registerDeleteConnection,
  registerPublishClip,
  registerListPublications,
  registerGetPublication,
  registerCancelPublication,
  registerGetInsights,
];

export const openApiInfo = {
  openapi: "3.1.0",
  info: {
    title: "Katto API",
    version: "1.5.0",
    description: "Turns a long video into scored, reframed, captioned 9:16 clips. All paths are under /api/v1.",
  },
  servers: [{ url: "/", description: "This service" }],
};

export function buildApp(): App {
  const app = newApp();
  app.use("*", async (c, next) => {
    c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
    await next();
  });

  // Public API: body limit, then per-IP rate limit, bearer key and per-key limit asked at once.
  app.use("/api/v1/*", bodyLimit({ maxSize: MAX_JSON_BODY_BYTES, onError: (c) => c.json(errorBody("payload_too_large", `Request body too large: the limit is ${MAX_JSON_BODY_BYTES} bytes.`), 413) }));
  app.use("/api/v1/*", async (c, next) => (c.req.path === "/api/v1/openapi.json" ? next() : apiGate(c, next)));
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer", description: "Authorization: Bearer <API_KEY>" });
  for (const register of publicRoutes) register(app);
  const publicDoc = () => app.getOpenAPI31Document(openApiInfo);

  const admin = newApp();
  admin.use("/admin/v1/*", bodyLimit({ maxSize: MAX_JSON_BODY_BYTES, onError: (c) => c.json(errorBody("payload_too_large", "Request body too large."), 413) }));
  admin.use("/admin/v1/*", async (c, next) => (c.req.path === "/admin/v1/openapi.json" ? next() : adminAuth(c, next)));
  registerAdmin(admin);
  admin.get("/admin/v1/openapi.json", (c) => c.json(admin.getOpenAPI31Document({ ...openApiInfo, info: { ...openApiInfo.info, title: "Katto admin API" } })));
  // Mounted through a plain Hono app: OpenAPIHono.route() would copy the admin operations (and the
  // adminToken scheme) into the public document; they are documented at /admin/v1/openapi.json.
  app.route("/", new Hono<AppEnv>().route("/", admin));

  registerInternal(app);
  registerFiles(app);
  registerConnectionCallback(app);
  registerLocalUploadTarget(app);
  registerLocalBrollUploadTarget(app);
  registerDashboard(app);
  registerOAuthPages(app);

  // The document is built once per isolate and served at both documented paths.
  let doc: ReturnType<typeof publicDoc> | undefined;
  app.get("/openapi.json", (c) => c.json((doc ??= publicDoc())));
  app.get("/api/v1/openapi.json", (c) => c.json((doc ??= publicDoc())));
  app.get("/", (c) => c.json({ service: "katto", api: "/api/v1", openapi: "/openapi.json" }));

  app.notFound((c) => {
    const allowed = allowedMethods(app, c.req.path);
    if (allowed.length) {
      return c.json(errorBody("method_not_allowed", `Method ${c.req.method} is not allowed here. Allowed: ${allowed.join(", ")}.`), 405, { Allow: allowed.join(", ") });
    }
    return c.json(errorBody("not_found", `No route for ${c.req.method} ${c.req.path}. See /openapi.json.`), 404);
  });

  app.onError((err, c) => {
    if (err instanceof ServiceError) return c.json(errorBody(err.code, err.message), err.status);
    if (err instanceof HTTPException) {
      const status = err.status;
      // Every body is JSON (spec "Endpoints"); the contract has no 415, so another media type is a 400 that says what to send.
      if (status === 415) return c.json(errorBody("bad_request", "Request bodies are JSON: send the body with Content-Type: application/json."), 400);
      const message = status === 400 ? "Malformed JSON in request body." : err.message || "Request error.";
      return c.json(errorBody(status === 413 ? "payload_too_large" : "bad_request", message), status as 400);
    }
    // Never echo internals to callers; the request id ties the log line to the response.
    console.error(JSON.stringify({ msg: "unhandled error", request_id: c.get("requestId"), error: String(err), stack: (err as Error).stack }));
    return c.json({ ...errorBody("internal", "Internal server error. Retry later; if it persists, contact support with this request id."), request_id: c.get("requestId") }, 500);
  });
  return app;
}

/** Methods registered for a path, to answer 405 with an Allow header instead of 404. */
function allowedMethods(app: App, path: string): string[] {
  const methods = new Set<string>();
  for (const r of app.routes) {
    if (r.method === "ALL" || r.path.includes("*")) continue;
    const re = new RegExp(`^${r.path.replace(/:[^/]+/g, "[^/]+")}$`);
    if (re.test(path)) methods.add(r.method);
  }
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}
