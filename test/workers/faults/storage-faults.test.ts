// Faults: an R2 write that fails while the render backend stores a clip. The PUT fails with the
// `{error}` object (the backend retries it), the completion event naming the missing file is refused
// as retryable, the job is not completed on a file that is not there, and once the PUT succeeds the
// clip served is the whole file.
import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorSchema } from "../../../src/schemas/common";
import { JobSchema } from "@katto/protocol/api";
import { api, createAccount } from "../helpers";
import { advance, clipReport, newJob, putFile, sendEvent } from "../render-callbacks";

afterEach(() => vi.restoreAllMocks());

describe("storage faults", () => {
  it("an R2 write that fails: the PUT answers an error, the clips event is refused, nothing half-written is served, and a retried PUT completes the job", async () => {
    const c = await createAccount();
    const id = await newJob(c);
    await advance(id, "scoring");
    const report = clipReport(0, 80, true);
    const bytes = new Uint8Array(4096).map((_, i) => i % 251);

    const put = vi.spyOn(env.FILES, "put").mockRejectedValueOnce(new Error("R2 write failed"));
    const failed = await putFile(id, report.file, bytes);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    ErrorSchema.parse(await failed.json());
    expect(put).toHaveBeenCalled();
    expect((await putFile(id, report.captions_file, "1\n00:00:00,000 --> 00:00:01,000\nhi\n", "application/x-subrip")).status).toBe(201);

    const refused = await sendEvent(id, { type: "clips", clips: [report] });
    expect(refused.status).toBe(503);
    expect(ErrorSchema.parse(await refused.json()).error).toMatch(/^Files not in storage: clip-0-hd\.mp4\./);
    const pending = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(pending.status).toBe("scoring");
    expect(pending.clips).toEqual([]);

    // The backend retries the PUT, then the event.
    expect((await putFile(id, report.file, bytes)).status).toBe(201);
    expect((await sendEvent(id, { type: "clips", clips: [report] })).status).toBe(200);
    const job = JobSchema.parse(await (await api(c, `/jobs/${id}`)).json());
    expect(job.status).toBe("completed");
    const served = await SELF.fetch(job.clips[0]!.url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });
});
