// The chat model's prompts: versioned text files in container/prompts (its README), one per task,
// read once from the backend's folder (the repository's container/, /app in the image), with
// `{{name}}` marks filled in per request.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageDir } from "../../runtime/package-dir.js";

/** The file each task uses now; a new wording is a new file (container/prompts/README.md). */
export const PROMPTS = {
  choose: "choose-moments.v1.txt",
  merge: "merge-moments.v1.txt",
  repair: "repair-answer.v1.txt",
} as const;
export type PromptTask = keyof typeof PROMPTS;

const cache = new Map<PromptTask, string>();

/** The task's prompt text as versioned in the repository. */
export function promptText(task: PromptTask): string {
  let text = cache.get(task);
  if (text === undefined) {
    text = readFileSync(join(packageDir(), "prompts", PROMPTS[task]), "utf8");
    cache.set(task, text);
  }
  return text;
}

/** Pure: the template with every `{{name}}` replaced; a mark without a value is an error (a prompt never goes out half-filled). */
export function fillPrompt(template: string, values: Record<string, string | number>): string {
  return template
    .replace(/\{\{(\w+)\}\}/g, (_m, k: string) => {
      if (!(k in values)) throw new Error(`prompt value ${k} missing`);
      return String(values[k]);
    })
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
