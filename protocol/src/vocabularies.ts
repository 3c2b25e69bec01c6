// The value lists both sides of the Worker ⇄ backend boundary and the public API share. Each list
// is written here once; the API's zod schemas, the protocol's schemas and the backend's stages
// import it, so adding a layout or a language is one edit that every side sees at compile time.

/** Layout modes a caller may ask for (service-api-v1 `layout_mode`, brand kit `default_layout`). */
export const LAYOUT_MODES = ["face_tracking", "wide", "split_screen", "stacked", "passthrough", "grid_3", "grid_4", "screen"] as const;

/** Everything the renderer can draw: the public modes plus `center_crop`, its internal fallback. */
export const RENDER_LAYOUTS = ["wide", "center_crop", "face_tracking", "passthrough", "split_screen", "stacked", "grid_3", "grid_4", "screen"] as const;
export type RenderLayout = (typeof RENDER_LAYOUTS)[number];

/** The layouts made of one panel per person, stacked in rows (a 2x2 grid for four). */
export const PANEL_LAYOUTS = ["split_screen", "grid_3", "grid_4"] as const satisfies readonly RenderLayout[];
export type PanelLayout = (typeof PANEL_LAYOUTS)[number];
export const isPanelLayout = (l: string): l is PanelLayout => (PANEL_LAYOUTS as readonly string[]).includes(l);

/** The renderer's own fallback framing (a still centre crop), never asked for by callers. */
export const FALLBACK_LAYOUT = "center_crop" satisfies RenderLayout;
/** The layout Katto chooses per clip by itself (following the speaker); every other one is fixed. */
export const AUTO_LAYOUT = "face_tracking" satisfies RenderLayout;
/** The whole source picture in the 9:16 frame (blurred fill around it): what keeps everything in view when no crop does. */
export const WHOLE_PICTURE_LAYOUT = "wide" satisfies RenderLayout;
/** The layout that puts a small face cam over the rest of the picture. */
export const FACE_CAM_LAYOUT = "stacked" satisfies RenderLayout;
/**
 * A screen recording (slides, code, an app) with the speaker's camera in a corner: the screen
 * (the source minus the cam corner) shown whole and readable, the camera in its own panel
 * (framing/screen-panels.ts; chosen by framing/screen-cam.ts detectScreenCam).
 */
export const SCREEN_LAYOUT = "screen" satisfies RenderLayout;
/** The layouts built around a face-cam rectangle of the source (ClipPlan.faceCam). */
export const CAM_LAYOUTS = [FACE_CAM_LAYOUT, SCREEN_LAYOUT] as const satisfies readonly RenderLayout[];
export const isCamLayout = (l: string): l is (typeof CAM_LAYOUTS)[number] => (CAM_LAYOUTS as readonly string[]).includes(l);
/** The layouts that crop one moving 9:16 window out of the source (a crop path). */
export const CROP_LAYOUTS = ["center_crop", "face_tracking"] as const satisfies readonly RenderLayout[];
export const isCropLayout = (l: string): l is (typeof CROP_LAYOUTS)[number] => (CROP_LAYOUTS as readonly string[]).includes(l);
/** The layouts that frame people (one tracked speaker, or one per panel): a clip's subject can leave them. */
export const SUBJECT_LAYOUTS = ["face_tracking", "split_screen", "stacked", "grid_3", "grid_4", "screen"] as const satisfies readonly RenderLayout[];

export const CAPTION_STYLES = ["bold_pop", "karaoke", "boxed", "minimal", "none"] as const;
export type CaptionStyleName = (typeof CAPTION_STYLES)[number];
export const DEFAULT_CAPTION_STYLE: CaptionStyleName = "bold_pop";

/** Fonts shipped with the renderer (container/apt-packages.txt installs them). */
export const CAPTION_FONTS = ["Noto Sans", "Noto Serif", "DejaVu Sans", "Noto Sans CJK SC", "Noto Sans Devanagari", "Noto Sans Arabic"] as const;

export const CAPTION_POSITIONS = ["top", "middle", "bottom"] as const;
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number];

/** How a clip's captions mark key words (style `emphasis`, issue 26). */
export const EMPHASIS_MODES = ["none", "keywords"] as const;

/** Punch-in zooms of a clip (style `zoom`). */
export const ZOOM_MODES = ["none", "punch_in"] as const;

/** Where a clip's B-roll cutaways come from (style `broll`). */
export const BROLL_SOURCES = ["none", "library", "stock"] as const;
export type BrollSource = (typeof BROLL_SOURCES)[number];

/** Why a stretch of the source was cut out of a clip (edits `cuts[].reason`). */
export const CUT_REASONS = ["silence", "filler"] as const;
export type CutReason = (typeof CUT_REASONS)[number];

/** Style `words_per_caption` bounds, and how long a hook title stays on screen (seconds from the clip start). */
export const WORDS_PER_CAPTION = { min: 1, max: 8 } as const;
export const HOOK_TITLE_S = 2.5;

/** The score's parts, each 0-100; the overall score weighs them. */
export const SCORE_PARTS = ["hook", "flow", "value", "trend"] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];
/**
 * The default weights of the score's parts (summing to 1): what the backend scores with when no
 * genre says otherwise, and what an account's learned weights start from and stay at until its
 * numbers show something (docs/api-decisions.md "Scores that learn").
 */
export const DEFAULT_SCORE_WEIGHTS: Readonly<Record<ScorePart, number>> = { hook: 0.35, flow: 0.2, value: 0.3, trend: 0.15 };

/**
 * Below what confidence a transcript word is marked for a second look, per speech engine, as
 * calibrated on the gold transcripts (container/test/engines/confidence-calibration.test.ts): a
 * marked word must be wrong more often than one not marked, and the threshold separate wrong words
 * from right ones about as well as any (Youden's J). pocketsphinx: 0.3 (on 215 gold-set words, 44 %
 * of them wrong, it marks 82, 63 % wrong, and leaves 133, 32 % wrong; 0.5 marked 114, 54 % wrong,
 * leaving 101, 34 % wrong: our pocketsphinx confidences spread over 0-1, not 0.90-0.98). Engines not calibrated
 * (whisper.cpp has no gold run here; whisper-1 and Workers AI give no confidence) keep 0.5.
 */
export const LOW_CONFIDENCE_THRESHOLDS: Readonly<Record<string, number>> = { pocketsphinx: 0.3 };
export const DEFAULT_LOW_CONFIDENCE = 0.5;

/** The low-confidence threshold of a transcript's engine ("pocketsphinx", "whisper-cpp:base.en"; "a+b" for a fallback: the highest of its parts). */
export function lowConfidenceThreshold(engine: string | null | undefined): number {
  const parts = (engine ?? "").split("+").map((e) => LOW_CONFIDENCE_THRESHOLDS[e.split(":")[0]!] ?? DEFAULT_LOW_CONFIDENCE);
  return Math.max(...parts);
}

/** Languages a clip can be dubbed into (re-render `dub`). */
export const DUB_LANGUAGES = ["en", "es", "fr", "it", "pt", "hi", "ja", "zh"] as const;
export type DubLanguage = (typeof DUB_LANGUAGES)[number];

/** Clip duration buckets of a job's `config.clipLength`: < 30 s, 30–60, 60–90, 90–180 seconds. */
export const CLIP_LENGTHS = ["lt30", "30_60", "60_90", "90_180"] as const;
export type ClipLength = (typeof CLIP_LENGTHS)[number];

/**
 * The seconds each bucket allows: what the backend's selection cuts to, what the tools and the
 * dashboard show. `lt30` starts at 8 s: shorter is too short to say anything.
 */
export const CLIP_LENGTH_SECONDS: Readonly<Record<ClipLength, { min: number; max: number }>> = {
  lt30: { min: 8, max: 30 },
  "30_60": { min: 30, max: 60 },
  "60_90": { min: 60, max: 90 },
  "90_180": { min: 90, max: 180 },
};

/** "8–30 s": a bucket's bounds as people read them. */
export const clipLengthLabel = (l: ClipLength) => `${CLIP_LENGTH_SECONDS[l].min}–${CLIP_LENGTH_SECONDS[l].max} s`;

/** Steps a job's progress goes through (`progress.step`). */
export const PROGRESS_STEPS = ["queued", "downloading", "probing", "transcribing", "selecting", "scoring", "rendering", "uploading", "done"] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/**
 * How a transcript's word times were found: `engine`, the recogniser timed each word;
 * `segments`, it timed only phrases (an OpenAI-compatible server without word timestamps) and
 * each phrase's words were spread over its voiced span, so a word's time is an estimate.
 */
export const WORD_TIMINGS = ["engine", "segments"] as const;
export type WordTiming = (typeof WORD_TIMINGS)[number];

/**
 * What a job's `warnings` name: a clip whose planned framing failed to render and was rendered with
 * a centre crop instead (`clip_framing_simplified`); a candidate clip that could not be rendered
 * at all and was left out of the results (`clip_left_out`); a delivered clip whose measured quality
 * still has flags (`clip_flagged`); a rendered clip dropped for its measured quality
 * (`clip_dropped`: no speech, mostly silent); fewer clips than `min_clips` asked (`fewer_clips`);
 * stock B-roll that could not be searched, naming why (`broll_unavailable`: key refused, rate
 * limited, provider unreachable), so clips without cutaways are explained; the chat model that
 * chooses moments (KATTO_SCORER=openai) could not, and Katto's own selection chose them
 * (`chat_model_fallback`: the message names the engine, its model and the cause).
 */
export const JOB_WARNING_CODES = ["clip_framing_simplified", "clip_left_out", "clip_flagged", "clip_dropped", "fewer_clips", "broll_unavailable", "chat_model_fallback"] as const;

/** Who renders the 1080p files: the job's backend after `clips` (local), or one task per clip (fanout). */
export const HD_MODES = ["local", "fanout"] as const;
export type HdMode = (typeof HD_MODES)[number];

/** Length limits of a job's free-text settings (the API refuses longer ones with 400). */
export const CONFIG_LIMITS = { genre: 100, customPrompt: 1000, topics: 500 } as const;

/**
 * Why the selection left a moment it considered out of the clips (GET /jobs/{id}/candidates):
 * `overlap`, it overlaps a chosen clip in time (or repeats its words); `below_cutoff`, it scored
 * below the clips chosen when the job aimed for fewer clips than the limit (one per full minute of
 * speech, or `min_clips`); `too_short`, the whole thought (sentences between long pauses) is
 * shorter than the shortest clip of the `clipLength` asked; `max_clips`, it fit but the job already
 * had its most clips (`max_clips` of the config, else 10); `outside_speech`, a chat model proposed
 * a range where nothing is spoken (or beyond the source's end); `below_floor`, it scored under the
 * quality floor (QUALITY_FLOOR) and `min_clips` did not ask for it.
 */
export const CANDIDATE_REASONS = ["overlap", "below_cutoff", "too_short", "max_clips", "outside_speech", "below_floor"] as const;
export type CandidateReason = (typeof CANDIDATE_REASONS)[number];

/** Who chose a clip: the selection (`auto`) or the caller (`manual`: POST /jobs/{id}/clips, or a promoted candidate). */
export const CLIP_ORIGINS = ["auto", "manual"] as const;

/** A clip made by hand lasts 3 to 180 seconds of source (the range rule of trim and POST /jobs/{id}/clips). */
export const MANUAL_CLIP_SECONDS = { min: 3, max: 180 } as const;

/** A manual clip request's `status` (GET /jobs/{id} `manual_clips`). */
export const MANUAL_CLIP_STATUSES = ["queued", "rendering", "completed", "failed"] as const;

/** A job has at most ten clips, indexed 0..9 (re-render and HD task `clip_index`). */
export const MAX_CLIPS = 10;

/**
 * The shapes a clip can be rendered in (issue 37 `aspect`: job config, re-render, brand kit), width
 * to height. 9:16 (the feeds' vertical video) unless asked otherwise.
 */
export const ASPECTS = ["9:16", "1:1", "4:5", "16:9"] as const;
export type Aspect = (typeof ASPECTS)[number];
export const DEFAULT_ASPECT: Aspect = "9:16";

/**
 * The frames of a clip's files per shape: the preview (half the HD frame; 4:5's 675 rows rounded up
 * to 676, the encoder takes even sizes only), then the 1080p render (and every re-render). The
 * shorter side of every HD frame is 1080.
 */
export const ASPECT_FRAMES = {
  "9:16": { preview: { width: 540, height: 960 }, hd: { width: 1080, height: 1920 } },
  "1:1": { preview: { width: 540, height: 540 }, hd: { width: 1080, height: 1080 } },
  "4:5": { preview: { width: 540, height: 676 }, hd: { width: 1080, height: 1350 } },
  "16:9": { preview: { width: 960, height: 540 }, hd: { width: 1920, height: 1080 } },
} as const satisfies Record<Aspect, { preview: { width: number; height: number }; hd: { width: number; height: number } }>;

/** The frame of a 9:16 clip's files (the default shape); ASPECT_FRAMES has every shape's. */
export const CLIP_FRAMES = ASPECT_FRAMES[DEFAULT_ASPECT];

/** The frame of a clip of shape `aspect` at a quality. */
export const clipFrame = (aspect: Aspect, quality: "preview" | "hd"): { width: number; height: number } => ASPECT_FRAMES[aspect][quality];

/** A shape's width over its height (9:16 -> 0.5625), from its HD frame. */
export const aspectRatio = (aspect: Aspect): number => clipFrame(aspect, "hd").width / clipFrame(aspect, "hd").height;

/**
 * The rendition of a clip of shape `aspect`: its HD frame at two thirds, 720 pixels on the shorter
 * side (720x1280, 720x720, 720x900, 1280x720; X's recommended sizes). A platform whose rules the
 * 1080p file does not fit (X caps portrait video at 1200x1900) gets this file; a rendition keeps
 * the clip's shape, never padded into another.
 */
export const renditionFrame = (aspect: Aspect): { width: number; height: number } => {
  const hd = clipFrame(aspect, "hd");
  return { width: (hd.width * 2) / 3, height: (hd.height * 2) / 3 };
};

/** The frames a clip may be re-scaled to (`RenditionTask.size`): one per shape, renditionFrame. */
export const RENDITION_SIZES: readonly { width: number; height: number }[] = ASPECTS.map(renditionFrame);

/** The shape whose HD frame has this size, null for none (a rendition, an old clip's odd size). */
export const aspectOfFrame = (frame: { width: number; height: number }): Aspect | null =>
  ASPECTS.find((a) => ASPECT_FRAMES[a].hd.width === frame.width && ASPECT_FRAMES[a].hd.height === frame.height) ?? null;

// The public API's own value lists (protocol/src/api), which the Worker, the dashboard, the MCP
// tools and the CLI all read.

/** A job's `status` (service-api-v1 "States and transitions", "Job"). */
export const JOB_STATUSES = ["queued", "processing", "scoring", "completed", "failed", "cancelled"] as const;

/** What a job's `source` names: a supported platform, an uploaded file, or (local mode only) a loopback media URL. */
export const SOURCE_KINDS = ["youtube", "twitch", "vimeo", "kick", "zoom", "loom", "upload", "direct"] as const;

/** Video types an upload may declare (POST /uploads `content_type`). */
export const UPLOAD_CONTENT_TYPES = ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska"] as const;

/** A re-render's or dub's `status`. */
export const RERENDER_STATUSES = ["queued", "processing", "completed", "failed"] as const;

/**
 * What a clip version changed from the clip's first render (GET /jobs/{id} `clip.versions[].changes`):
 * one entry per field its request named (a trim's range, layout_mode, caption_style, style, aspect,
 * dub, captions refresh); the original version has none.
 */
export const VERSION_CHANGES = ["trim", "layout", "caption_style", "style", "aspect", "dub", "captions"] as const;

/** The name of a clip's first render among its versions (the others are named by their re-render id). */
export const ORIGINAL_VERSION = "original";

/** The platforms a clip can be published to, in the order GET /connections lists them. */
export const PLATFORM_IDS = ["youtube", "tiktok", "instagram", "facebook", "linkedin", "x", "threads"] as const;

/** Who can see a post. Each platform adapter lists the ones its platform offers and maps them itself. */
export const PRIVACY_LEVELS = ["public", "unlisted", "followers", "friends", "private"] as const;

/** A publishing connection's `status`: needs_reauth once the platform no longer accepts the grant. */
export const CONNECTION_STATUSES = ["connected", "needs_reauth"] as const;

/** A publication's `status`. */
export const PUBLICATION_STATUSES = ["scheduled", "queued", "uploading", "processing", "published", "unconfirmed", "failed", "cancelled"] as const;
