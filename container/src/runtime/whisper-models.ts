// The standard whisper.cpp ggml models an operator can name (KATTO_WHISPER_MODEL=base.en), with the
// SHA-256 and size Hugging Face publishes for each file of ggerganov/whisper.cpp (its LFS metadata,
// `GET https://huggingface.co/api/models/ggerganov/whisper.cpp?blobs=true` -> siblings[].lfs).
// whisper.cpp's models/README.md lists SHA-1 sums of the same files. A download is used only when
// its SHA-256 is the one here.
//
// Pure (no node:*): config.ts, which the Worker's tests import, reads the names.

export const WHISPER_MODEL_BASE_URL = "https://huggingface.co/ggerganov/whisper.cpp/resolve/main";

export interface WhisperModelFile {
  sha256: string;
  bytes: number;
}

export const WHISPER_MODELS = {
  tiny: { sha256: "be07e048e1e599ad46341c8d2a135645097a538221678b7acdd1b1919c6e1b21", bytes: 77_691_713 },
  "tiny.en": { sha256: "921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f", bytes: 77_704_715 },
  base: { sha256: "60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe", bytes: 147_951_465 },
  "base.en": { sha256: "a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002", bytes: 147_964_211 },
  small: { sha256: "1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b", bytes: 487_601_967 },
  "small.en": { sha256: "c6138d6d58ecc8322097e0f987c32f1be8bb0a18532a3f88f734d1bbf9c41e5d", bytes: 487_614_201 },
  medium: { sha256: "6c14d5adee5f86394037b4e4e8b59f1673b6cee10e3cf0b11bbdbee79c156208", bytes: 1_533_763_059 },
  "medium.en": { sha256: "cc37e93478338ec7700281a7ac30a10128929eb8f427dda2e865faa8f6da4356", bytes: 1_533_774_781 },
  "large-v3-turbo": { sha256: "1fc70f774d38eb169993ac391eea357ef47c88757ef72ee5943879b7e8e2bc69", bytes: 1_624_555_275 },
  "large-v3": { sha256: "64d182b440b98d5203c4f9bd541544d84c605196c4f7b845dfa11fb23594d1e2", bytes: 3_095_033_483 },
} as const satisfies Record<string, WhisperModelFile>;

export type WhisperModelName = keyof typeof WHISPER_MODELS;

/**
 * What `auto` picks: base, multilingual (a job may be in any language), 148 MB, and faster than
 * real time on two CPU cores; small is about three times slower for a few WER points.
 */
export const AUTO_WHISPER_MODEL: WhisperModelName = "base";

export const isWhisperModelName = (s: string): s is WhisperModelName => Object.hasOwn(WHISPER_MODELS, s);

/** The file name whisper.cpp's download script and Hugging Face use. */
export const whisperModelFileName = (name: string) => `ggml-${name}.bin`;
