// Issue 42: every clip names who chose it (`chosen_by`, from the clip metadata's `scorer` the
// backend writes), a chat model's fallback is a job warning, and the proposals it did not make
// clips (outside the speech, below the quality floor) are candidates with their reasons.
import { describe, expect, it } from "vitest";
import { CandidateListSchema, ClipProjectionSchema, JobSchema } from "@katto/protocol/api";
import { api, createAccount } from "../helpers";
import { advance, clipReport, newJob, sendEvent, storeClipFiles } from "../render-callbacks";

const chat = { engine: "openai", model: "qwen2.5:7b-instruct" };

describe("who chose each clip", () => {
  it("GET /jobs/{id} and GET /jobs/{id}/clips name the engine and model, or why Katto's own selection stood in; null for a clip stored without it", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "scoring");
    const reports = [
      { ...clipReport(0, 90), metadata: { scorer: chat } },
      { ...clipReport(1, 60), metadata: { scorer: { engine: "offline", fallback_reason: "openai:qwen2.5:7b-instruct: refused the key (HTTP 401)" } } },
      { ...clipReport(2, 40), metadata: {} },
    ];
    await storeClipFiles(id, reports);
    const warning = { code: "chat_model_fallback" as const, message: "The chat model openai:qwen2.5:7b-instruct (KATTO_SCORER=openai) could not choose the moments: it refused the key (HTTP 401). Katto's own selection chose them.", clip_index: null, start: 0, end: 200 };
    const candidates = [
      { start: 189, end: 199.5, score: 88, subscores: { hook: 88, flow: 88, value: 88, trend: 88 }, reason: "outside_speech" as const },
      { start: 0, end: 15.4, score: 20, subscores: { hook: 20, flow: 20, value: 20, trend: 20 }, reason: "below_floor" as const },
    ];
    expect((await sendEvent(id, { type: "clips", clips: reports, warnings: [warning], candidates, source_duration: 203.3 })).status).toBe(200);

    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    const by = (i: number) => job.clips.find((k) => k.clip_index === i)!.chosen_by;
    expect(by(0)).toEqual({ engine: "openai", model: "qwen2.5:7b-instruct", fallback_reason: null });
    expect(by(1)).toEqual({ engine: "offline", model: null, fallback_reason: "openai:qwen2.5:7b-instruct: refused the key (HTTP 401)" });
    expect(by(2)).toBeNull();
    expect(job.warnings.filter((w) => w.code === "chat_model_fallback").map((w) => w.message)).toEqual([warning.message]);

    const list = ClipProjectionSchema.parse(await (await api(c, `/jobs/${id}/clips`)).json());
    expect(list.clips.map((k) => k.chosen_by?.engine ?? null)).toEqual(["openai", "offline", null]);

    const left = CandidateListSchema.parse(await (await api(c, `/jobs/${id}/candidates`)).json()).candidates;
    expect(left.map((k) => [k.reason, k.start, k.end])).toEqual([["outside_speech", 189, 199.5], ["below_floor", 0, 15.4]]);
  });
});
