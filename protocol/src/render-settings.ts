// The render backend's settings that an operator chooses, by environment variable name. In
// production the Worker forwards exactly these from its own vars and secrets to every container
// instance (src/render-backend/container.ts), so one `wrangler deploy` configures both; the backend
// parses them with the rest of its settings (container/src/runtime/config.ts, whose schema must name each
// of them: the type-checker holds the two equal). Settings that place the process (HOST, PORT, the
// backend's own bearer token) are the backend's alone and are not listed here.
export const RENDER_SETTINGS = [
  "KATTO_WORK_DIR",
  "KATTO_RENDER_SLOTS",
  "KATTO_FONTS_DIR",
  "KATTO_HD_PRESET",
  "KATTO_BLAZEFACE_MODEL",
  "KATTO_SPEECH_ENGINE",
  "KATTO_POCKETSPHINX_SEARCH",
  "KATTO_POCKETSPHINX_BIN",
  "KATTO_POCKETSPHINX_MODEL_DIR",
  "KATTO_WHISPER_MODEL",
  "KATTO_WHISPER_BIN",
  "KATTO_WHISPER_MODEL_URL",
  "KATTO_CACHE_DIR",
  "KATTO_OPENAI_BASE_URL",
  "KATTO_OPENAI_API_KEY",
  "KATTO_OPENAI_MODEL",
  "KATTO_SCORER",
  "KATTO_CHAT_BASE_URL",
  "KATTO_CHAT_MODEL",
  "KATTO_CHAT_API_KEY",
  "KATTO_CHAT_CONTEXT_TOKENS",
  "KATTO_CHAT_TIMEOUT_S",
  "KATTO_TRANSLATOR",
  "KATTO_APERTIUM_BIN",
  "KATTO_TTS",
  "KATTO_ESPEAK_BIN",
  "KATTO_FLITE_BIN",
  "KATTO_DUB_ORIGINAL_DB",
  "CF_ACCOUNT_ID",
  "CF_API_TOKEN",
  "KATTO_CF_API_BASE",
] as const;

export type RenderSettingName = (typeof RENDER_SETTINGS)[number];
