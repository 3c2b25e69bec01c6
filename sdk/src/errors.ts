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

/** What an openapi-fetch call returns; `unwrap` turns its error side into a KattoApiError. */
export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export function errorFromBody(res: Response, body: unknown): KattoApiError {
  const b = (body && typeof body === "object" ? body : {}) as { error?: unknown; code?: unknown; request_id?: unknown };
  const message = typeof b.error === "string" ? b.error : `HTTP ${res.status} ${res.statusText}`.trim();
  const retry = Number(res.headers.get("retry-after"));
  return new KattoApiError(
    res.status,
    message,
    typeof b.code === "string" ? b.code : undefined,
    res.headers.has("retry-after") && Number.isFinite(retry) ? retry : undefined,
    typeof b.request_id === "string" ? b.request_id : (res.headers.get("x-request-id") ?? undefined),
  );
}

/** The data of a successful call, or throws the API's error as a KattoApiError. */
export async function unwrap<T>(call: Promise<FetchResult<T>> | FetchResult<T>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) throw errorFromBody(response, error);
  return data as T;
}

/** The service could not be reached (DNS, refused connection, reset), after the retries allowed. */
export class KattoNetworkError extends Error {
  constructor(readonly url: string, options?: { cause?: unknown }) {
    const cause = options?.cause as { message?: string; cause?: { code?: string; message?: string } } | undefined;
    const detail = cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? "network error";
    super(`Could not reach ${url} (${detail}).`, options);
    this.name = "KattoNetworkError";
  }
}

/** waitForJob / waitForRerender gave up before the work finished. */
export class KattoTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KattoTimeoutError";
  }
}
