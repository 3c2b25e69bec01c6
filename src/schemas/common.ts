import { z } from "@hono/zod-openapi";

export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: "Job not found." }),
    code: z.string().optional().openapi({ description: "Stable machine-readable error code (additive to the contract)." }),
  })
  .openapi("Error", { description: "Every error response has this body." });

export const rateLimitHeaders = {
  "X-RateLimit-Limit": { schema: { type: "integer" as const }, description: "Requests allowed in the current window for the limit that applies." },
  "X-RateLimit-Remaining": { schema: { type: "integer" as const }, description: "Requests left in the current window." },
  "X-RateLimit-Reset": { schema: { type: "integer" as const }, description: "Seconds until the window resets." },
};

const errorDescriptions: Record<number, string> = {
  400: "Invalid input: the message says which field and why.",
  401: "Missing, malformed, unknown or revoked API key.",
  403: "The key lacks the required scope, or the monthly video quota is used up.",
  404: "Not found, or not owned by the caller.",
  405: "Wrong HTTP method for this path (see the Allow header).",
  409: "Conflict: a duplicate request is in flight, or the resource is not in a state that allows this.",
  413: "Request body too large.",
  429: "Rate limit exceeded: retry after the Retry-After header's seconds.",
  500: "Server error.",
};

/** The documented error responses of an operation, each with the Error schema. */
export function errorResponses(...statuses: number[]) {
  const out: Record<number, { description: string; content: { "application/json": { schema: typeof ErrorSchema } }; headers?: Record<string, unknown> }> = {};
  for (const s of [...statuses, 500]) {
    out[s] = {
      description: errorDescriptions[s] ?? "Error",
      content: { "application/json": { schema: ErrorSchema } },
      headers:
        s === 429
          ? { ...rateLimitHeaders, "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait before retrying." } }
          : s === 405
            ? { Allow: { schema: { type: "string" }, description: "Methods this path accepts." } }
            : rateLimitHeaders,
    };
  }
  return out as Record<number, { description: string; content: { "application/json": { schema: typeof ErrorSchema } } }>;
}

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
  headers: rateLimitHeaders,
});

export const UuidParam = z.uuid({ error: "must be a UUID" });
export const security = [{ bearerAuth: [] }];
