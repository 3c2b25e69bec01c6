// The SDK's one error type: every non-2xx answer of the API becomes a KattoApiError carrying the
// API's own `{error}` message, its stable `code` when present, the HTTP status and Retry-After.
export class KattoApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** Seconds to wait before retrying (from Retry-After), on 429 and 503. */
    readonly retryAfter?: number,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = "KattoApiError";
  }

  static async fromResponse(res: Response): Promise<KattoApiError> {
    let body: { error?: unknown; code?: unknown; request_id?: unknown } = {};
    try {
      body = (await res.clone().json()) as typeof body;
    } catch {}
    const message = typeof body.error === "string" ? body.error : `HTTP ${res.status} ${res.statusText}`.trim();
    const retry = Number(res.headers.get("retry-after"));
    return new KattoApiError(
      res.status,
      message,
      typeof body.code === "string" ? body.code : undefined,
      Number.isFinite(retry) && res.headers.has("retry-after") ? retry : undefined,
      typeof body.request_id === "string" ? body.request_id : undefined,
    );
  }
}
