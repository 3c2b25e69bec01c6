// One Worker configuration (issue 25): src/config.ts is the only module that reads a var or secret
// from the Worker's env; everything else takes the typed, checked WorkerConfig from it. This test
// fails when a module reads a setting raw again (`env.APP_SECRET`, `c.env.PUBLIC_BASE_URL`, ...).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WORKER_SETTINGS } from "../../src/config";

const ROOT = path.resolve(import.meta.dirname, "../..");
const HOME = "src/config.ts";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) ? [p] : [];
  });
}

const names = Object.keys(WORKER_SETTINGS).join("|");
const rawRead = new RegExp(`\\benv\\??\\.(${names})\\b|\\benv\\[["'\`](${names})["'\`]\\]|\\benv (as unknown as Record)<`, "g");

/** Where a file reads a setting raw: "NAME at line N". */
export function rawSettingReads(text: string): string[] {
  return [...text.matchAll(rawRead)].map((m) => `${m[1] ?? m[2] ?? "env cast to a record of settings"} at line ${text.slice(0, m.index).split("\n").length}`);
}

describe("one Worker configuration", () => {
  it("the detector finds a raw read of a setting, dotted, optional or indexed", () => {
    expect(rawSettingReads(`const s = env.APP_SECRET ?? "";`)).toEqual(["APP_SECRET at line 1"]);
    expect(rawSettingReads(`\nif (c.env?.SELF_SIGNUP === "true") {}`)).toEqual(["SELF_SIGNUP at line 2"]);
    expect(rawSettingReads(`const t = env["KATTO_TTS"];`)).toEqual(["KATTO_TTS at line 1"]);
    expect(rawSettingReads(`const vars = (env: Env) => env as unknown as Record<string, string>;`)).toEqual(["env cast to a record of settings at line 1"]);
    expect(rawSettingReads(`await env.FILES.get(key); workerConfig(env).appSecret; env.DB`)).toEqual([]);
  });

  it(`no module of src/ but ${HOME} reads a var or secret from the env`, () => {
    const found = sources(path.join(ROOT, "src"))
      .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
      .filter((rel) => rel !== HOME)
      .flatMap((rel) => rawSettingReads(readFileSync(path.join(ROOT, rel), "utf8")).map((where) => `${rel}: ${where}`));
    expect(found).toEqual([]);
  });
});
