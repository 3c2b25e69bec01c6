// The backend's side of @katto/protocol: what the backend reports is what the Worker's schemas
// accept, stored clip metadata is read back the same way, and a newer format is refused clearly.
import { CLIP_METADATA_VERSION, ClipMetadataSchema, HdClipTaskSchema, RenderEventSchema, RerenderTaskSchema } from "@katto/protocol";
import { describe, expect, it } from "vitest";
import { clipReport, planClip } from "../../src/editing/clip-plan.js";
import { parseHdClipTask, parseRerenderJob } from "../../src/runtime/protocol.js";
import { readStoredClip } from "../../src/delivery/stored-clip.js";
import type { ProbeResult, ScoredMoment, Transcript } from "../../src/runtime/types.js";

const probe: ProbeResult = { duration: 120, size: 1, formatName: "mp4", video: { width: 1920, height: 1080, fps: 29.97, codec: "h264", rotation: 0 }, audio: { codec: "aac", sampleRate: 48000, channels: 2 } };
const transcript: Transcript = {
  lang: "en",
  engine: "pocketsphinx",
  segments: [{ start: 10, end: 14, text: "money habits that work" }],
  words: ["money", "habits", "that", "work"].map((word, i) => ({ word, start: 10 + i, end: 10.8 + i })),
};
const moment: ScoredMoment = {
  start: 10, end: 14, words: transcript.words, text: "money habits that work", score: 81.4,
  subscores: { hook: 90, flow: 70.2, value: 85, trend: 60 }, justification: "A clear promise in the first second.", title: "Money habits that work",
  scoredBy: { engine: "offline" },
};

describe("events the backend sends are accepted by the Worker's schema", () => {
  it("a clips event built by clipReport parses, and its metadata is the full current format", () => {
    const report = clipReport(planClip(moment, 0, probe, transcript, { aspect: "9:16",  brandKit: undefined }), probe, transcript.engine);
    expect(RenderEventSchema.safeParse({ type: "clips", clips: [report] }).success).toBe(true);
    const metadata = ClipMetadataSchema.parse(report.metadata);
    expect(metadata).toMatchObject({ version: CLIP_METADATA_VERSION, timeline: { layout: report.metadata.timeline?.layout, fps: "30000/1001" } });
    expect(metadata.words[0]).toEqual({ word: "money", start: 0, end: 0.8 });
  });

  it("stored metadata reads back into the same render choices for HD tasks and re-renders", () => {
    const report = clipReport(planClip(moment, 0, probe, transcript, { aspect: "9:16",  captionStyle: "karaoke" }), probe, transcript.engine);
    const stored = readStoredClip(JSON.parse(JSON.stringify(report.metadata)));
    expect(stored).toMatchObject({ layout: report.metadata.timeline?.layout, captionStyle: "karaoke", words: [{ text: "money", start: 0, end: 0.8 }, { text: "habits" }, { text: "that" }, { text: "work" }] });
  });
});

describe("metadata versions", () => {
  const task = {
    job_id: "0b6f7c1e-2a4d-4f8e-9c3b-5d1a2e3f4a5b",
    clip_index: 1,
    source: { url: "http://127.0.0.1:9/clip-1-src.mp4" },
    clip: { start: 0, end: 8, metadata: { layout: "wide" } },
    aspect: "9:16",
    brand_kit: null,
    callback: { base_url: "http://127.0.0.1:8787/internal/v1", token: "t" },
  };

  it("metadata stored before versioning (no version) is version 1 and still renders", () => {
    expect(parseHdClipTask(task)).toMatchObject({ ok: true });
    expect(readStoredClip(task.clip.metadata)).toMatchObject({ layout: "wide", captionStyle: null, words: [] });
  });

  it("a newer format is refused with a message that names the field and what to do", () => {
    const newer = { ...task, clip: { ...task.clip, metadata: { version: CLIP_METADATA_VERSION + 1, layout: "wide" } } };
    const hd = parseHdClipTask(newer);
    expect(hd.ok).toBe(false);
    expect(!hd.ok && hd.error).toMatch(/^clip\.metadata\.version was written in a newer format .*deploy the Worker and the render backend together$/);
    const rr = parseRerenderJob({ ...newer, rerender_id: "rr_1", source: { url: newer.source.url, kind: "url" }, params: {} });
    expect(!rr.ok && rr.error).toMatch(/^clip\.metadata\.version was written in a newer format/);
    expect(() => readStoredClip({ version: CLIP_METADATA_VERSION + 1 })).toThrow(/newer format/);
  });

  it("the parsers are the protocol's schemas: the same bodies pass or fail on both sides", () => {
    expect(HdClipTaskSchema.safeParse(task).success).toBe(parseHdClipTask(task).ok);
    const rr = { ...task, rerender_id: "rr_1", source: { url: task.source.url, kind: "url" }, params: { layout_mode: "hologram" } };
    expect(RerenderTaskSchema.safeParse(rr).success).toBe(false);
    expect(parseRerenderJob(rr)).toMatchObject({ ok: false, error: expect.stringMatching(/^params\.layout_mode must be one of face_tracking, wide/) });
  });
});
