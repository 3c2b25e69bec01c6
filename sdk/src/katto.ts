// createKatto: the typed client plus the helpers every caller needs, in one object.
//   const katto = createKatto({ apiKey: process.env.KATTO_API_KEY! });
//   const job = await katto.unwrap(katto.api.POST("/api/v1/jobs", { body: { url } }));
//   const done = await katto.waitForJob(job.id, { onProgress: (j) => console.log(j.progress) });
// Retries (retry.ts) and Idempotency-Key generation (idempotency.ts) happen inside `api`, so every
// call through it gets them; network failures surface as KattoNetworkError.
import { createApi, DEFAULT_BASE_URL, type KattoApi, type KattoClientOptions } from "./client";
import { KattoNetworkError, unwrap } from "./errors";
import { idempotencyMiddleware } from "./idempotency";
import { retryingFetch, type RetryOptions } from "./retry";
import { type UploadOptions, uploadVideo } from "./upload";
import { type Job, type Rerender, type WaitOptions, waitForJob, waitForRerender } from "./wait";

export interface KattoOptions extends KattoClientOptions {
  retry?: RetryOptions;
}

export interface Katto {
  api: KattoApi;
  baseUrl: string;
  /** The underlying fetch without auth (presigned uploads, clip downloads). */
  fetch: typeof fetch;
  unwrap: typeof unwrap;
  uploadVideo(options: UploadOptions): ReturnType<typeof uploadVideo>;
  waitForJob(id: string, options?: WaitOptions<Job>): Promise<Job>;
  waitForRerender(jobId: string, rerenderId: string, options?: WaitOptions<Rerender>): Promise<Rerender>;
}

/** Turns "fetch threw" (after the allowed retries) into a KattoNetworkError naming the URL. */
function networkErrors(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await inner(input, init);
    } catch (e) {
      if ((e as Error)?.name === "AbortError" || (e as Error)?.name === "TimeoutError") throw e;
      const url = input instanceof Request ? input.url : String(input);
      throw new KattoNetworkError(new URL(url).origin, { cause: e });
    }
  };
}

export function createKatto(options: KattoOptions): Katto {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  // Resolved per call so a test can swap globalThis.fetch after creating the client.
  const base: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const api = createApi({ ...options, baseUrl, fetch: networkErrors(retryingFetch(base, options.retry)) });
  api.use(idempotencyMiddleware);
  const plain = networkErrors(base);
  return {
    api,
    baseUrl,
    fetch: plain,
    unwrap,
    uploadVideo: (o) => uploadVideo(api, plain, o),
    waitForJob: (id, o) => waitForJob(api, id, o),
    waitForRerender: (jobId, rerenderId, o) => waitForRerender(api, jobId, rerenderId, o),
  };
}
