// The run wrapper every kind of work goes through: temp folder, abort, error mapping, clean-up.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCallbackClient, type CallbackClient } from "../../src/runtime/callback-client.js";
import { StageError } from "../../src/runtime/errors.js";
import { ProcessError } from "../../src/ffmpeg/spawn.js";
import { runWork, workDirPrefix, type Work } from "../../src/runtime/run-work.js";
import { type FakeWorker, startFakeWorker } from "../helpers/fake-worker.js";
import { mediaDir, tmpDir } from "../helpers/media.js";

let worker: FakeWorker;
beforeAll(async () => {
  worker = await startFakeWorker(mediaDir());
});
afterAll(() => worker.close());

let n = 0;
function setup(o: { gone?: boolean } = {}) {
  const id = `work-${++n}`;
  if (o.gone) worker.gone.add(id);
  const controller = new AbortController();
  const client: CallbackClient = createCallbackClient({ baseUrl: worker.base, token: worker.token, jobId: id, signal: controller.signal, backoffMs: 10, onGone: () => controller.abort("gone") });
  const root = tmpDir();
  let dir = "";
  const work = (body: Work<{ status: "completed" }>["body"], more: Partial<Work<{ status: "completed" }>> = {}) =>
    runWork<{ status: "completed" }>({
      kind: "job",
      ids: { job_id: id },
      dirPrefix: workDirPrefix("job", id),
      workRoot: root,
      signal: controller.signal,
      client,
      stage: "downloading",
      userMessage: (stage) => `could not do ${stage}`,
      failedEvent: ({ error, stage }) => ({ type: "failed", error, stage, refund: true }),
      shutdownMessage: "the server shut down",
      ...more,
      body: async (ctx) => {
        dir = ctx.dir;
        return body(ctx);
      },
    });
  return { id, controller, client, work, dir: () => dir };
}

describe("runWork", () => {
  it("gives the body its own folder under the work root and removes it afterwards", async () => {
    const s = setup();
    const out = await s.work(async (ctx) => {
      expect(ctx.dir).toContain(`katto-job-${s.id}-`);
      await writeFile(join(ctx.dir, "a.txt"), "x");
      return { status: "completed" };
    });
    expect(out).toEqual({ status: "completed" });
    expect(s.dir()).not.toBe("");
    expect(existsSync(s.dir())).toBe(false);
    expect(worker.events(s.id)).toEqual([]);
  });

  it("an unexpected error becomes the stage's user message in the failed event; the evidence stays in the logs", async () => {
    const s = setup();
    const out = await s.work(async (ctx) => {
      ctx.stage = "rendering";
      throw new ProcessError("rendering", "exit", "ffmpeg exited with code 1", "secret stderr tail", 1);
    });
    expect(out).toEqual({ status: "failed", stage: "rendering", error: "could not do rendering" });
    expect(worker.events(s.id)).toEqual([{ type: "failed", error: "could not do rendering", stage: "rendering", refund: true }]);
    expect(existsSync(s.dir())).toBe(false);
  });

  it("a StageError keeps its own stage and message", async () => {
    const s = setup();
    const out = await s.work(async () => {
      throw new StageError("probing", "source has no video stream");
    });
    expect(out).toEqual({ status: "failed", stage: "probing", error: "source has no video stream" });
    expect(worker.events(s.id)).toEqual([{ type: "failed", error: "source has no video stream", stage: "probing", refund: true }]);
  });

  it("sends nothing when the work says the Worker must not hear of a failure", async () => {
    const s = setup();
    const out = await s.work(
      async () => {
        throw new Error("boom");
      },
      { failedEvent: () => null },
    );
    expect(out).toEqual({ status: "failed", stage: "downloading", error: "could not do downloading" });
    expect(worker.events(s.id)).toEqual([]);
  });

  it("a cancel is its own outcome, not a failure: no event", async () => {
    const s = setup();
    const out = await s.work(async (ctx) => {
      ctx.stage = "transcribing";
      s.controller.abort("cancelled");
      s.controller.signal.throwIfAborted();
      return { status: "completed" };
    });
    expect(out).toEqual({ status: "aborted", reason: "cancelled" });
    expect(worker.events(s.id)).toEqual([]);
    expect(existsSync(s.dir())).toBe(false);
  });

  it("a shutdown is reported as a failure with the work's shutdown message and the stage it was in", async () => {
    const s = setup();
    const out = await s.work(async (ctx) => {
      ctx.stage = "scoring";
      s.controller.abort("shutdown");
      s.controller.signal.throwIfAborted();
      return { status: "completed" };
    });
    expect(out).toEqual({ status: "aborted", reason: "shutdown" });
    expect(worker.events(s.id)).toEqual([{ type: "failed", error: "the server shut down", stage: "scoring", refund: true }]);
  });

  it("a 409 from the Worker stops the work as gone, with no failed event", async () => {
    const s = setup({ gone: true });
    const out = await s.work(async () => {
      await s.client.event({ type: "progress", status: "processing", step: "downloading", pct: 1 });
      return { status: "completed" };
    });
    expect(out).toEqual({ status: "aborted", reason: "gone" });
    expect(worker.calls.filter((c) => c.jobId === s.id).map((c) => c.event?.type)).toEqual(["progress"]);
  });
});
