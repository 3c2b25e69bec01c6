// The Worker's side of a re-render, manual clip or HD task, in process: records the backend's
// events in order and keeps each uploaded file (copied into `dir`, since the work folder is
// removed when the work ends), by the name it was sent under.
import { copyFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { CallbackClient } from "../../src/runtime/callback-client.js";

export type RecordedEvent = { type: string; [k: string]: unknown };

export function callbackRecorder<E extends RecordedEvent = RecordedEvent>(dir: string): { client: CallbackClient; events: E[]; files: Map<string, string> } {
  const events: E[] = [];
  const files = new Map<string, string>();
  const client: CallbackClient = {
    event: async (e) => void events.push(e as unknown as E),
    putFile: async (name, p) => {
      const dest = path.join(dir, `${randomUUID()}-${name}`);
      copyFileSync(p, dest);
      files.set(name, dest);
      return {};
    },
  };
  return { client, events, files };
}
