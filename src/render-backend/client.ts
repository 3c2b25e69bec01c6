// How the Worker reaches the render backend: a local process at RENDER_URL (local mode), or the
// RENDERER Cloudflare Container binding (production), one container instance per job.
import { getContainer } from "@cloudflare/containers";
import { workerConfig } from "../config";
import type { Env } from "../env";

export interface RenderBackend {
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** `instanceId` names the container instance (a job, a re-render, or one HD clip). */
export function renderBackend(env: Env, instanceId: string): RenderBackend {
  const base = workerConfig(env).render.url;
  if (base) {
    return { fetch: (path, init) => fetch(base + path, init) };
  }
  const stub = getContainer(env.RENDERER, instanceId);
  return { fetch: (path, init) => stub.fetch(new Request(`http://render${path}`, init)) };
}
