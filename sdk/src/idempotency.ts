// Idempotency-Key on creates (spec POST /jobs rules 1-3). The key is set once on the Request, before
// the retrying fetch clones it, so every retry of one submission carries the same key and the API
// replays the first result instead of creating a second job. Only operations that declare the
// header get one (today createJob; completeUpload is guarded by the upload's own state instead,
// and a re-render creates a new re-render each time).
import type { Middleware } from "openapi-fetch";

/** "METHOD schemaPath" of operations whose Idempotency-Key parameter the API honours. */
export const IDEMPOTENT_OPERATIONS = new Set(["POST /api/v1/jobs"]);

export const newIdempotencyKey = () => crypto.randomUUID();

export const idempotencyMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    if (!IDEMPOTENT_OPERATIONS.has(`${request.method} ${schemaPath}`) || request.headers.has("idempotency-key")) return;
    request.headers.set("Idempotency-Key", newIdempotencyKey());
    return request;
  },
};
