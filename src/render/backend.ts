// How the Worker reaches the render backend: a local process at RENDER_URL (local mode), or the
// RENDERER Cloudflare Container binding (production), one container instance per job.
import { getContainer } from "@cloudflare/containers";
import type { Env } from "../env";
import { hmacHex } from "../lib/ids";

export interface RenderBackend {
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export function renderBackend(env: Env, jobId: string): RenderBackend {
  if (env.RENDER_URL) {
    const base = env.RENDER_URL.replace(/\/+$/, "");
    return { fetch: (path, init) => fetch(base + path, init) };
  }
  const stub = getContainer(env.RENDERER, jobId);
  return { fetch: (path, init) => stub.fetch(new Request(`http://render${path}`, init)) };
}

/** Bearer token the backend uses for its callbacks about one job (docs/render-protocol.md). */
export async function renderCallbackToken(appSecret: string, jobId: string): Promise<string> {
  return hmacHex(appSecret, `render-callback:${jobId}`);
}
