export { createApi, DEFAULT_BASE_URL, type KattoApi, type KattoClientOptions, type Schemas, type components, type operations, type paths } from "./client";
export { errorFromBody, KattoApiError, KattoNetworkError, KattoTimeoutError, unwrap, type FetchResult } from "./errors";
export { IDEMPOTENT_OPERATIONS, idempotencyMiddleware, newIdempotencyKey } from "./idempotency";
export { createKatto, type Katto, type KattoOptions } from "./katto";
export { backoffDelay, parseRetryAfter, retryingFetch, sleep, type RetryOptions } from "./retry";
export { brollContentTypeFor, uploadBroll, type BrollContentType, type BrollUploadOptions } from "./broll";
export { contentTypeFor, countingStream, uploadVideo, type UploadOptions, type UploadProgress, type UploadSource, type VideoContentType } from "./upload";
export { JOB_TERMINAL, RERENDER_TERMINAL, waitForJob, waitForRerender, type Job, type Rerender, type WaitOptions } from "./wait";
export { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER, timingSafeEqualString, verifyWebhook, type VerifyWebhookInput, type VerifyWebhookResult } from "./webhook";
