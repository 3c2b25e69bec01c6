export { createApi, DEFAULT_BASE_URL, type KattoApi, type KattoClientOptions, type Schemas, type components, type operations, type paths } from "./client";
export { KattoApiError } from "./errors";
