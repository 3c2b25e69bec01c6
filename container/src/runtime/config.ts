// The render backend's settings: every environment variable it reads, parsed and checked once at
// start-up (server.ts main) into one typed object. Each engine and stage is handed its own part, so
// no module reads the environment, and a bad value stops the start with a message that names the
// variable and what it may be. The settings an operator chooses are named once, in
// @katto/protocol (RENDER_SETTINGS), which the Worker forwards to the production container;
// SETTINGS must have a schema for each of them and for the process settings, and nothing else
// (the type-checker holds it). The README's configuration table is checked against them by a test.
//
// Pure (zod only, no node:*): the Worker's tests import it too.
import { ConfigError, parseSettings, type Environment, type RenderSettingName } from "@katto/protocol";
import { z } from "zod";
import { CLOUDFLARE_API_BASE, type CloudflareAiConfig } from "./cloudflare-settings.js";
import { AUTO_WHISPER_MODEL, isWhisperModelName, WHISPER_MODEL_BASE_URL, WHISPER_MODELS, type WhisperModelName } from "./whisper-models.js";

export const SPEECH_ENGINES = ["pocketsphinx", "workers-ai", "whisper-cpp", "openai"] as const;
export const SCORERS = ["offline", "workers-ai", "openai"] as const;
export const TRANSLATORS = ["offline", "apertium", "workers-ai"] as const;
export const SYNTHESIZERS = ["offline", "espeak-ng", "workers-ai"] as const;
export const POCKETSPHINX_SEARCHES = ["fast", "accurate"] as const;
/** The HD encodes an operator may choose (KATTO_HD_PRESET): x264's presets, and `lean` (ffmpeg/encode-settings.ts hdEncoder, with its measures). */
export const HD_PRESETS = ["lean", "ultrafast", "superfast", "veryfast", "faster", "fast", "medium"] as const;
export type HdPreset = (typeof HD_PRESETS)[number];
export const DEFAULT_HD_PRESET: HdPreset = "lean";
export const OPENAI_API_BASE = "https://api.openai.com/v1";
export const OPENAI_DEFAULT_MODEL = "whisper-1";
/**
 * The chat model's context window in tokens when KATTO_CHAT_CONTEXT_TOKENS is unset: what local
 * servers are commonly started with (llama.cpp's `-c 8192`, Ollama's OLLAMA_CONTEXT_LENGTH=8192;
 * README "Moments chosen by your own model"); raise it for a larger model.
 */
export const DEFAULT_CHAT_CONTEXT_TOKENS = 8192;
/** Longest wait for one answer of the chat model, retries included (a local model on a CPU is slow). */
export const DEFAULT_CHAT_TIMEOUT_S = 300;
/** Where downloaded models are kept between starts (relative to the working directory when relative). */
export const DEFAULT_CACHE_DIR = ".katto";


const choice = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values, { error: `is unknown; use one of ${values.join(", ")}` }).default(fallback);

const integer = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(/^\d+$/, `must be ${what}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be ${what}`).max(max, `must be ${what}`));

const path = z.string().optional();
const secret = z.string().optional();
const httpUrl = (fallback: string) => z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default(fallback);

/** KATTO_WHISPER_MODEL: "auto", a model name from WHISPER_MODELS, or the path of a ggml file. */
const whisperModel = z
  .string()
  .refine((v) => v === "auto" || isWhisperModelName(v) || v.includes("/") || v.endsWith(".bin"), {
    error: `is neither auto, a model name (${Object.keys(WHISPER_MODELS).join(", ")}) nor the path of a ggml model file`,
  })
  .optional();

/** -18 dB when unset; "off" for the dubbed voice alone. */
const dubOriginalDb = z
  .string()
  .default("-18")
  .transform((v, ctx) => {
    if (v === "off") return null;
    const n = v.trim() === "" ? NaN : Number(v);
    if (Number.isFinite(n) && n <= 0) return n;
    ctx.addIssue({ code: "custom", message: 'must be a number of dB <= 0 (e.g. -18) or "off"' });
    return z.NEVER;
  });

/**
 * Settings that place the process rather than configure the work, so the Worker does not forward
 * them to the production container: the image fixes HOST and PORT where the Container class
 * expects the server (container/Dockerfile, defaultPort 8080), and the Worker reaches its
 * containers through their Durable Object and sends no bearer token, so KATTO_RENDER_TOKEN only
 * guards a backend run on its own (container/README.md).
 */
export const PROCESS_SETTINGS = ["HOST", "PORT", "KATTO_RENDER_TOKEN"] as const;

/**
 * Every setting, by variable name. An empty value counts as unset (`KATTO_X=` in a shell or an
 * empty Worker var), as it always has.
 */
export const SETTINGS = {
  HOST: z.string().default("127.0.0.1"),
  PORT: integer(0, 65535, "a port number 0-65535").default(8788),
  KATTO_RENDER_TOKEN: secret,
  KATTO_WORK_DIR: path,
  KATTO_RENDER_SLOTS: integer(1, 1024, "a whole number of renders at once, 1 or more").optional(),
  KATTO_FONTS_DIR: path,
  KATTO_HD_PRESET: choice(HD_PRESETS, DEFAULT_HD_PRESET),
  KATTO_BLAZEFACE_MODEL: path,
  KATTO_SPEECH_ENGINE: choice(SPEECH_ENGINES, "pocketsphinx"),
  KATTO_POCKETSPHINX_SEARCH: z.enum(POCKETSPHINX_SEARCHES, { error: "must be fast or accurate" }).default("fast"),
  KATTO_POCKETSPHINX_BIN: path,
  KATTO_POCKETSPHINX_MODEL_DIR: path,
  KATTO_WHISPER_MODEL: whisperModel,
  KATTO_WHISPER_MODEL_URL: httpUrl(WHISPER_MODEL_BASE_URL),
  KATTO_WHISPER_BIN: path,
  KATTO_CACHE_DIR: z.string().default(DEFAULT_CACHE_DIR),
  KATTO_OPENAI_BASE_URL: httpUrl(OPENAI_API_BASE),
  KATTO_OPENAI_API_KEY: secret,
  KATTO_OPENAI_MODEL: z.string().default(OPENAI_DEFAULT_MODEL),
  KATTO_SCORER: choice(SCORERS, "offline"),
  KATTO_CHAT_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  KATTO_CHAT_MODEL: z.string().optional(),
  KATTO_CHAT_API_KEY: secret,
  KATTO_CHAT_CONTEXT_TOKENS: integer(2048, 2_000_000, "a whole number of tokens, 2048 or more").default(DEFAULT_CHAT_CONTEXT_TOKENS),
  KATTO_CHAT_TIMEOUT_S: integer(1, 3600, "a whole number of seconds, 1 to 3600").default(DEFAULT_CHAT_TIMEOUT_S),
  KATTO_TRANSLATOR: choice(TRANSLATORS, "offline"),
  KATTO_APERTIUM_BIN: path,
  KATTO_TTS: choice(SYNTHESIZERS, "offline"),
  KATTO_ESPEAK_BIN: path,
  KATTO_FLITE_BIN: path,
  KATTO_DUB_ORIGINAL_DB: dubOriginalDb,
  CF_ACCOUNT_ID: secret,
  CF_API_TOKEN: secret,
  KATTO_CF_API_BASE: httpUrl(CLOUDFLARE_API_BASE),
} as const satisfies Record<RenderSettingName | (typeof PROCESS_SETTINGS)[number], z.ZodType>;

// Engine settings are declared here, not in the engines' modules: the Worker type-checks this file
// without Node's types, which those modules need.
interface PocketsphinxSpeechConfig {
  search: (typeof POCKETSPHINX_SEARCHES)[number];
  bin?: string;
  modelDir?: string;
}

/** Any server speaking OpenAI's audio transcription API (engines/speech/openai.ts). */
export interface OpenAiSpeechConfig {
  /** the API root, up to and including /v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
}

/** whisper.cpp with a model fetched on first use into cacheDir, pocketsphinx when that cannot happen. */
export interface WhisperDownloadConfig {
  model: WhisperModelName;
  /** folder URL holding ggml-<model>.bin (KATTO_WHISPER_MODEL_URL) */
  baseUrl: string;
  cacheDir: string;
  fallback: PocketsphinxSpeechConfig;
}

export type SpeechConfig =
  | ({ engine: "pocketsphinx" } & PocketsphinxSpeechConfig)
  | { engine: "workers-ai"; cloudflare: CloudflareAiConfig }
  | { engine: "whisper-cpp"; modelPath: string; bin?: string }
  | { engine: "whisper-cpp"; download: WhisperDownloadConfig; bin?: string }
  | { engine: "openai"; openai: OpenAiSpeechConfig };

/** Any server speaking OpenAI's chat completions API (engines/scorer/openai.ts), which chooses the moments. */
export interface ChatModelConfig {
  /** the API root, up to and including /v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** the model's context window in tokens: each request (prompt, transcript window and answer) fits it */
  contextTokens: number;
  /** longest wait for one answer, retries included */
  timeoutS: number;
}

export type ScorerConfig = { engine: "offline" } | { engine: "workers-ai"; cloudflare: CloudflareAiConfig } | { engine: "openai"; chat: ChatModelConfig };

export interface TranslatorConfig {
  engine: (typeof TRANSLATORS)[number];
  apertiumBin?: string;
  /** offline: Workers AI covers the pairs apertium lacks when credentials are set */
  cloudflare: CloudflareAiConfig | null;
}

export interface SynthesizerConfig {
  engine: (typeof SYNTHESIZERS)[number];
  espeakBin?: string;
  fliteBin?: string;
  cloudflare: CloudflareAiConfig | null;
}

export interface DubConfig {
  translator: TranslatorConfig;
  synthesizer: SynthesizerConfig;
  /** the original soundtrack under the dubbed voice, this many dB lower; null: the voice alone */
  originalGainDb: number | null;
}

export interface BackendConfig {
  server: { host: string; port: number; token?: string };
  /** parent of each piece of work's temp folder; the OS temp dir when unset */
  workDir?: string;
  render: {
    /** ffmpeg encodes at once in this process; the number of cores when unset */
    slots?: number;
    /** fonts libass loads besides fontconfig's */
    fontsDir?: string;
    /** the x264 preset of HD renders and renditions */
    hdPreset: HdPreset;
  };
  faces: { modelPath?: string };
  speech: SpeechConfig;
  scorer: ScorerConfig;
  dub: DubConfig;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

const needsCloudflare = ["KATTO_SPEECH_ENGINE", "KATTO_SCORER", "KATTO_TRANSLATOR", "KATTO_TTS"] as const;

const Schema = z
  .object(SETTINGS)
  .superRefine((s, ctx) => {
    const creds = Boolean(s.CF_ACCOUNT_ID && s.CF_API_TOKEN);
    for (const k of needsCloudflare) {
      if (s[k] === "workers-ai" && !creds) ctx.addIssue({ code: "custom", path: [k], message: "needs CF_ACCOUNT_ID and CF_API_TOKEN" });
    }
    if (s.KATTO_SPEECH_ENGINE === "whisper-cpp" && !s.KATTO_WHISPER_MODEL) {
      ctx.addIssue({ code: "custom", path: ["KATTO_SPEECH_ENGINE"], message: "needs KATTO_WHISPER_MODEL: auto, a model name (e.g. base.en, downloaded on first use) or the path of a ggml model file" });
    }
    if (s.KATTO_SCORER === "openai") {
      if (!s.KATTO_CHAT_BASE_URL) ctx.addIssue({ code: "custom", path: ["KATTO_SCORER"], message: "needs KATTO_CHAT_BASE_URL, the chat server's API root (e.g. http://127.0.0.1:11434/v1 for Ollama)" });
      if (!s.KATTO_CHAT_MODEL) ctx.addIssue({ code: "custom", path: ["KATTO_SCORER"], message: "needs KATTO_CHAT_MODEL, the model the chat server answers with (e.g. qwen2.5:7b-instruct)" });
      if (s.KATTO_CHAT_BASE_URL && !s.KATTO_CHAT_API_KEY && hostOf(s.KATTO_CHAT_BASE_URL) === hostOf(OPENAI_API_BASE)) {
        ctx.addIssue({ code: "custom", path: ["KATTO_SCORER"], message: `needs KATTO_CHAT_API_KEY for ${OPENAI_API_BASE}` });
      }
    }
    // (checked on the raw value: a malformed URL has its own issue already)
    if (s.KATTO_SPEECH_ENGINE === "openai" && !s.KATTO_OPENAI_API_KEY && hostOf(s.KATTO_OPENAI_BASE_URL) === hostOf(OPENAI_API_BASE)) {
      ctx.addIssue({ code: "custom", path: ["KATTO_SPEECH_ENGINE"], message: `needs KATTO_OPENAI_API_KEY for ${OPENAI_API_BASE}; set it, or point KATTO_OPENAI_BASE_URL at a server that needs no key` });
    }
  })
  .transform((s): BackendConfig => {
    const cloudflare = s.CF_ACCOUNT_ID && s.CF_API_TOKEN ? { accountId: s.CF_ACCOUNT_ID, apiToken: s.CF_API_TOKEN, baseUrl: s.KATTO_CF_API_BASE } : null;
    const pocketsphinx = { search: s.KATTO_POCKETSPHINX_SEARCH, bin: s.KATTO_POCKETSPHINX_BIN, modelDir: s.KATTO_POCKETSPHINX_MODEL_DIR };
    const speech: SpeechConfig = ((): SpeechConfig => {
      switch (s.KATTO_SPEECH_ENGINE) {
        case "workers-ai":
          return { engine: "workers-ai", cloudflare: cloudflare! };
        case "openai":
          return { engine: "openai", openai: { baseUrl: s.KATTO_OPENAI_BASE_URL, apiKey: s.KATTO_OPENAI_API_KEY, model: s.KATTO_OPENAI_MODEL } };
        case "whisper-cpp": {
          const m = s.KATTO_WHISPER_MODEL!;
          if (m !== "auto" && !isWhisperModelName(m)) return { engine: "whisper-cpp", modelPath: m, bin: s.KATTO_WHISPER_BIN };
          const download = { model: m === "auto" ? AUTO_WHISPER_MODEL : m, baseUrl: s.KATTO_WHISPER_MODEL_URL, cacheDir: s.KATTO_CACHE_DIR, fallback: pocketsphinx };
          return { engine: "whisper-cpp", download, bin: s.KATTO_WHISPER_BIN };
        }
        case "pocketsphinx":
          return { engine: "pocketsphinx", ...pocketsphinx };
      }
    })();
    return {
      server: { host: s.HOST, port: s.PORT, token: s.KATTO_RENDER_TOKEN },
      workDir: s.KATTO_WORK_DIR,
      render: { slots: s.KATTO_RENDER_SLOTS, fontsDir: s.KATTO_FONTS_DIR, hdPreset: s.KATTO_HD_PRESET },
      faces: { modelPath: s.KATTO_BLAZEFACE_MODEL },
      speech,
      scorer: scorerOf(s, cloudflare),
      dub: {
        translator: { engine: s.KATTO_TRANSLATOR, apertiumBin: s.KATTO_APERTIUM_BIN, cloudflare },
        synthesizer: { engine: s.KATTO_TTS, espeakBin: s.KATTO_ESPEAK_BIN, fliteBin: s.KATTO_FLITE_BIN, cloudflare },
        originalGainDb: s.KATTO_DUB_ORIGINAL_DB,
      },
    };
  });

function scorerOf(s: { KATTO_SCORER: (typeof SCORERS)[number]; KATTO_CHAT_BASE_URL?: string; KATTO_CHAT_MODEL?: string; KATTO_CHAT_API_KEY?: string; KATTO_CHAT_CONTEXT_TOKENS: number; KATTO_CHAT_TIMEOUT_S: number }, cloudflare: CloudflareAiConfig | null): ScorerConfig {
  if (s.KATTO_SCORER === "workers-ai") return { engine: "workers-ai", cloudflare: cloudflare! };
  if (s.KATTO_SCORER === "openai") return { engine: "openai", chat: { baseUrl: s.KATTO_CHAT_BASE_URL!, apiKey: s.KATTO_CHAT_API_KEY, model: s.KATTO_CHAT_MODEL!, contextTokens: s.KATTO_CHAT_CONTEXT_TOKENS, timeoutS: s.KATTO_CHAT_TIMEOUT_S } };
  return { engine: "offline" };
}

const SECRETS = new Set<string>(["KATTO_RENDER_TOKEN", "CF_API_TOKEN", "KATTO_OPENAI_API_KEY", "KATTO_CHAT_API_KEY"]);

/** Parse the settings out of an environment (process.env at start-up); errors name each variable. */
export const parseConfig = (env: Environment) => parseSettings(Schema, Object.keys(SETTINGS), env, SECRETS);

/** The configuration of an empty environment: every default. */
export const defaultConfig = (): BackendConfig => loadConfig({});

/** parseConfig that throws a ConfigError listing every bad setting. */
export function loadConfig(env: Environment): BackendConfig {
  const r = parseConfig(env);
  if (!r.ok) throw new ConfigError(r.errors, "render backend");
  return r.value;
}
