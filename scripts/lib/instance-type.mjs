// The Cloudflare Containers instance type wrangler.toml names for the render image
// ([[containers]] instance_type), and what it gives an instance. The table is Cloudflare's
// ("Limits and Instance Types", developers.cloudflare.com/containers/platform/limits/): an instance
// that goes over its memory is killed, so `npm run image:test` runs the image inside these limits.
import { readFileSync } from "node:fs";
import path from "node:path";
import { root } from "./bootstrap.mjs";

const GiB = 1024;
export const INSTANCE_TYPES = {
  lite: { vcpu: 1 / 16, memoryMiB: 256, diskGB: 2 },
  basic: { vcpu: 1 / 4, memoryMiB: 1 * GiB, diskGB: 4 },
  "standard-1": { vcpu: 1 / 2, memoryMiB: 4 * GiB, diskGB: 8 },
  "standard-2": { vcpu: 1, memoryMiB: 6 * GiB, diskGB: 12 },
  "standard-3": { vcpu: 2, memoryMiB: 8 * GiB, diskGB: 16 },
  "standard-4": { vcpu: 4, memoryMiB: 12 * GiB, diskGB: 20 },
};

/** The render container's instance type in wrangler.toml: its name and limits. */
export function renderInstanceType(toml = readFileSync(path.join(root, "wrangler.toml"), "utf8")) {
  const section = toml.split(/^\[\[containers\]\]\s*$/m)[1]?.split(/^\[/m)[0];
  if (!section) throw new Error("wrangler.toml has no [[containers]] section");
  const name = /^instance_type\s*=\s*"([^"]+)"/m.exec(section)?.[1];
  if (!name) throw new Error('wrangler.toml [[containers]] names no instance_type (e.g. instance_type = "standard-2")');
  const limits = INSTANCE_TYPES[name];
  if (!limits) throw new Error(`wrangler.toml's instance_type "${name}" is not one of ${Object.keys(INSTANCE_TYPES).join(", ")}`);
  return { name, ...limits };
}
