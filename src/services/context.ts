import { workerConfig } from "../config";
import type { Env } from "../env";
import type { Principal } from "./auth/keys";

/** What a service verb needs: bindings and, for account-scoped verbs, who is calling. */
export interface ServiceContext {
  env: Env;
  /** Public origin of the service (for status_url, file URLs, callbacks). */
  baseUrl: string;
  /** Schedule work after the response (ExecutionContext.waitUntil), or await it when absent. */
  waitUntil?: (p: Promise<unknown>) => void;
}
export interface AccountContext extends ServiceContext {
  principal: Principal;
}

/** PUBLIC_BASE_URL; in local mode without it, the request's origin (or the local default). */
export function publicBaseUrl(env: Env, requestUrl?: string): string {
  const configured = workerConfig(env).publicBaseUrl;
  if (configured) return configured;
  if (requestUrl) return new URL(requestUrl).origin;
  return "http://127.0.0.1:8787";
}
