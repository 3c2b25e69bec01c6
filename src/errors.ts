// One error model end to end: services throw ServiceError subclasses, routes and middleware throw
// ApiError; app.onError maps both to the contract's `{error}` body (plus a stable `code`).
// The MCP server and CLI map the same codes to tool errors and exit codes.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export const errorCodes = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  quota_exceeded: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_in_flight: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorCodes;

export const codeToStatus = (code: ErrorCode): ContentfulStatusCode => errorCodes[code];

/** An error whose message is safe to show to the caller. */
export class ServiceError extends Error {
  constructor(readonly code: ErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
  }
  get status(): ContentfulStatusCode {
    return codeToStatus(this.code);
  }
}

export class ApiError extends ServiceError {}

export class ValidationError extends ServiceError {
  constructor(message: string) {
    super("bad_request", message);
  }
}
export class UnauthorizedError extends ServiceError {
  constructor(message = "Missing or invalid API key. Send `Authorization: Bearer <API_KEY>`.") {
    super("unauthorized", message);
  }
}
export class ForbiddenError extends ServiceError {
  constructor(message: string) {
    super("forbidden", message);
  }
}
export class QuotaExceededError extends ServiceError {
  constructor(message: string) {
    super("quota_exceeded", message);
  }
}
export class NotFoundError extends ServiceError {
  constructor(message: string) {
    super("not_found", message);
  }
}
export class ConflictError extends ServiceError {
  constructor(message: string) {
    super("conflict", message);
  }
}

export const errorBody = (code: ErrorCode, message: string) => ({ error: message, code });
