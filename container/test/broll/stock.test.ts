// Stock B-roll (style `broll: stock`) against a loopback stand-in of Pexels' documented video
// search (https://www.pexels.com/api/documentation/#videos-search): GET /videos/search with
// query, orientation=portrait, size, per_page and `Authorization: <key>`, answering
// { page, per_page, total_results, url, videos: [{ id, width, height, duration, url, image, user,
// video_files: [{ id, quality, file_type, width, height, fps, link }], video_pictures }] }.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClipEditsSchema, noEdits } from "@katto/protocol";
import { JobWarningSchema } from "@katto/protocol/api";
import { assetFiles, brollSource, clipCutaways, stockWarnings } from "../../src/broll/assets.js";
import { brollEdits } from "../../src/editing/clip-plan.js";
import { ASPECTS, clipFrame } from "@katto/protocol";
import { createPexelsProvider, pexelsOrientation, pexelsSearchUrl, pickVideoFile, type PexelsSearch } from "../../src/broll/stock/pexels.js";
import { StageError } from "../../src/runtime/errors.js";
import { ffmpeg, tmpDir } from "../helpers/media.js";
import { serveDir, type SeenRequest } from "../helpers/static-server.js";
import { words } from "../helpers/words.js";

const signal = new AbortController().signal;
const KEY = "563492ad6f91700001000001test";
const frame = { width: 1080, height: 1920 };

/** One documented search answer: a portrait video with an SD, an HD and a UHD file. */
function answer(base: string, query: string, id: number) {
  const body: PexelsSearch = {
    page: 1,
    per_page: 5,
    total_results: 1,
    url: `https://www.pexels.com/search/videos/${query}/`,
    videos: [
      {
        id,
        width: 2160,
        height: 3840,
        duration: 12,
        url: `https://www.pexels.com/video/${query}-${id}/`,
        image: `https://images.pexels.com/videos/${id}/pictures/preview-0.jpg`,
        user: { id: 1, name: "Stand-in", url: "https://www.pexels.com/@stand-in" },
        video_files: [
          { id: 1, quality: "sd", file_type: "video/mp4", width: 540, height: 960, fps: 25, link: `${base}/sd-${query}.mp4` },
          { id: 2, quality: "hd", file_type: "video/mp4", width: 1080, height: 1920, fps: 25, link: `${base}/${query}.mp4` },
          { id: 3, quality: "uhd", file_type: "video/mp4", width: 2160, height: 3840, fps: 25, link: `${base}/uhd-${query}.mp4` },
        ],
        video_pictures: [{ id: 1, picture: `https://images.pexels.com/videos/${id}/pictures/preview-0.jpg`, nr: 0 }],
      },
    ],
  };
  return body as PexelsSearch & { videos: [{ video_files: { file_type: string; width: number; height: number; link: string }[] }] };
}

let server: Awaited<ReturnType<typeof serveDir>>;
const searches = () => server.requests.filter((r) => r.url.startsWith("/videos/search"));

beforeAll(async () => {
  const dir = tmpDir("katto-stock-");
  ffmpeg(["-f", "lavfi", "-i", "color=c=0x00FFFF:s=108x192:r=25:d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p", join(dir, "ocean.mp4")]);
  server = await serveDir(dir, (req: SeenRequest, base: string) => {
    if (!req.url.startsWith("/videos/search")) return null;
    if (req.headers.authorization === "over-quota") return { status: 429, body: { error: "Rate limit exceeded" } };
    if (req.headers.authorization !== KEY) return { status: 401, body: { error: "Unauthorized" } };
    const q = new URL(req.url, base).searchParams.get("query")!;
    // the stand-in only has footage of the ocean
    return q === "ocean" ? { status: 200, body: answer(base, q, 857195) } : { status: 200, body: { page: 1, per_page: 5, total_results: 0, url: "", videos: [] } };
  });
});
afterAll(() => server.close());

describe("Pexels video search", () => {
  it("asks as documented: /videos/search with query, the clip's orientation, size and per_page", () => {
    const u = new URL(pexelsSearchUrl("https://api.pexels.com", "city streets", "portrait"));
    expect(`${u.origin}${u.pathname}`).toBe("https://api.pexels.com/videos/search");
    expect(Object.fromEntries(u.searchParams)).toEqual({ query: "city streets", orientation: "portrait", size: "medium", per_page: "5" });
  });

  it("asks for footage of each shape's orientation (issue 41: a 16:9 cutaway was the middle of a portrait video, enlarged)", async () => {
    expect(ASPECTS.map((a) => pexelsOrientation(clipFrame(a, "hd")))).toEqual(ASPECTS.map((a) => ({ "9:16": "portrait", "4:5": "portrait", "1:1": "square", "16:9": "landscape" })[a]));
    const p = createPexelsProvider({ apiKey: KEY, apiUrl: server.url });
    for (const a of ASPECTS) {
      await p.search("ocean", { signal, frame: clipFrame(a, "hd") });
      expect(new URL(searches().at(-1)!.url, server.url).searchParams.get("orientation"), a).toBe(pexelsOrientation(clipFrame(a, "hd")));
    }
  });

  it("picks the smallest MP4 that covers the frame, else the largest", () => {
    const files = answer("http://x", "ocean", 1).videos[0]!.video_files;
    expect(pickVideoFile(files, frame)).toBe("http://x/ocean.mp4");
    expect(pickVideoFile(files, { width: 540, height: 960 })).toBe("http://x/sd-ocean.mp4");
    expect(pickVideoFile(files.slice(0, 1), frame)).toBe("http://x/sd-ocean.mp4");
    expect(pickVideoFile([{ file_type: "video/webm", width: 1080, height: 1920, link: "http://x/a.webm" }], frame)).toBeNull();
  });

  it("sends the key in Authorization and answers the first video as an asset named by its Pexels id", async () => {
    const p = createPexelsProvider({ apiKey: KEY, apiUrl: server.url });
    expect(await p.search("ocean", { signal, frame })).toEqual({
      id: "pexels:857195",
      kind: "video",
      url: `${server.url}/ocean.mp4`,
      keywords: ["ocean"],
      // kept to credit the author and link the page where the clip's edits are shown (Pexels' guidelines)
      credit: { provider: "pexels", author: "Stand-in", author_url: "https://www.pexels.com/@stand-in", page_url: "https://www.pexels.com/video/ocean-857195/" },
    });
    expect(searches().at(-1)!.headers.authorization).toBe(KEY);
    expect(await p.search("volcano", { signal, frame })).toBeNull();
  });

  it("a refused key is a StageError saying so", async () => {
    const p = createPexelsProvider({ apiKey: "wrong", apiUrl: server.url });
    await expect(p.search("ocean", { signal, frame })).rejects.toThrow(StageError);
    await expect(p.search("ocean", { signal, frame })).rejects.toThrow(/HTTP 401 \(the operator's Pexels API key was refused\)/);
  });
});

describe("a clip with style broll stock", () => {
  it("searches its content nouns, cuts away where the found footage's word is said, and downloads the file once", async () => {
    const said = words("so last summer we drove down to the coast and the ocean was calm and the ocean was warm", 0, 0.5, 0.45);
    const before = searches().length;
    const files = () => server.requests.filter((r) => r.url === "/ocean.mp4").length;
    const filesBefore = files();
    const source = brollSource({ broll: "stock" }, { library: [], stock: { provider: "pexels", api_key: KEY, api_url: server.url } }, assetFiles(tmpDir("katto-stock-clip-")), { frame });
    const { drawn, cutaways } = await clipCutaways(said, 10, source, signal);
    const queries = searches().slice(before).map((r) => new URL(r.url, server.url).searchParams.get("query"));
    expect(queries).toContain("ocean");
    expect(queries.length).toBeLessThanOrEqual(3);
    expect(drawn.map((c) => c.asset.id)).toEqual(["pexels:857195"]);
    expect(drawn[0]!.start).toBeCloseTo(said.find((w) => w.text === "ocean")!.start, 6);
    expect(cutaways).toEqual([{ path: expect.stringMatching(/broll-0$/), kind: "video", start: drawn[0]!.start, end: drawn[0]!.end }]);
    expect(files() - filesBefore).toBe(1);
    // the clip's edits name the footage's author and page
    expect(brollEdits(drawn)).toEqual([{ asset: "pexels:857195", start: expect.any(Number), end: expect.any(Number), credit: expect.objectContaining({ author: "Stand-in", page_url: "https://www.pexels.com/video/ocean-857195/" }) }]);
    expect(ClipEditsSchema.parse({ ...noEdits(), broll: brollEdits(drawn) }).broll[0]!.credit?.author).toBe("Stand-in");
  });

  it("a search that fails leaves the clip without cutaways instead of failing it", async () => {
    const said = words("so last summer we drove down to the coast and the ocean was calm", 0, 0.5, 0.45);
    const source = brollSource({ broll: "stock" }, { library: [], stock: { provider: "pexels", api_key: "wrong", api_url: server.url } }, assetFiles(tmpDir("katto-stock-clip-")), { frame });
    expect(await clipCutaways(said, 10, source, signal)).toEqual({ drawn: [], cutaways: [] });
  });

  it("a refused key, a 429 and no network each become one job warning naming the cause", async () => {
    const said = words("so last summer we drove down to the coast and the ocean was calm", 0, 0.5, 0.45);
    const causes = new Set<string>();
    for (const [apiKey, apiUrl] of [["wrong", server.url], ["over-quota", server.url], [KEY, "http://127.0.0.1:59123"]] as const) {
      const source = brollSource({ broll: "stock" }, { library: [], stock: { provider: "pexels", api_key: apiKey, api_url: apiUrl } }, assetFiles(tmpDir("katto-stock-clip-")), { frame, onStockFailure: (c) => causes.add(c) });
      expect(await clipCutaways(said, 10, source, signal)).toEqual({ drawn: [], cutaways: [] });
    }
    const warnings = stockWarnings(causes, 61.5);
    expect(warnings.map((w) => [w.code, w.clip_index, w.start, w.end])).toEqual([
      ["broll_unavailable", null, 0, 61.5],
      ["broll_unavailable", null, 0, 61.5],
      ["broll_unavailable", null, 0, 61.5],
    ]);
    expect(warnings[0]!.message).toMatch(/^Stock B-roll was not used: the stock footage search answered HTTP 401 \(the operator's Pexels API key was refused\)\. The clips were made without those cutaways/);
    expect(warnings[1]!.message).toMatch(/HTTP 429 \(Pexels' rate limit\)/);
    expect(warnings[2]!.message).toMatch(/could not be reached \(network error ECONNREFUSED\)/);
    for (const w of warnings) expect(JobWarningSchema.safeParse(w).success).toBe(true);
    expect(stockWarnings([], 10)).toEqual([]);
  });
});
