// A Whisper model by name for the image (container/Dockerfile, --build-arg WHISPER_MODEL=base): the
// file named in runtime/whisper-models.ts, fetched and checked against its published size and
// SHA-256 by the same code the backend uses for a named model at run time (model-download.ts), so
// the image never holds a file other than the one the name stands for.
//   npx tsx scripts/fetch-whisper-model.ts <name> <folder>      (KATTO_WHISPER_MODEL_URL: another source)
import { ensureModelFile } from "../src/engines/speech/model-download.js";
import { isWhisperModelName, WHISPER_MODEL_BASE_URL, WHISPER_MODELS, whisperModelFileName } from "../src/runtime/whisper-models.js";

const [name, folder] = process.argv.slice(2);
if (!name || !folder) {
  process.stderr.write("usage: fetch-whisper-model.ts <model name> <folder>\n");
  process.exit(2);
}
if (!isWhisperModelName(name)) {
  process.stderr.write(`WHISPER_MODEL=${name} is not a model name; use one of ${Object.keys(WHISPER_MODELS).join(", ")}\n`);
  process.exit(2);
}
const fileName = whisperModelFileName(name);
const baseUrl = (process.env.KATTO_WHISPER_MODEL_URL || WHISPER_MODEL_BASE_URL).replace(/\/+$/, "");
try {
  const file = await ensureModelFile({ ...WHISPER_MODELS[name], fileName, url: `${baseUrl}/${fileName}` }, folder);
  process.stdout.write(`${file.path}: ${WHISPER_MODELS[name].bytes} bytes, SHA-256 ${WHISPER_MODELS[name].sha256}\n`);
} catch (e) {
  process.stderr.write(`could not fetch the Whisper model ${name}: ${(e as Error).message}\n`);
  process.exit(1);
}
