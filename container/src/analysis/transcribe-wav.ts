// Reading and writing the PCM WAV files the speech engines take (16 kHz mono s16le).
import { open, readFile, writeFile } from "node:fs/promises";

export const ENGINE_SAMPLE_RATE = 16000;

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataOffset: number;
  dataLength: number;
}

/** Pure: finds the fmt and data chunks of a RIFF/WAVE buffer (PCM 16-bit only). */
export function parseWavHeader(buf: Buffer): WavInfo {
  if (buf.length < 12 || buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE") {
    throw new Error("not a RIFF/WAVE file");
  }
  let pos = 12;
  let fmt: Omit<WavInfo, "dataOffset" | "dataLength"> | null = null;
  while (pos + 8 <= buf.length) {
    const id = buf.toString("ascii", pos, pos + 4);
    let size = buf.readUInt32LE(pos + 4);
    const body = pos + 8;
    if (id === "fmt ") {
      const format = buf.readUInt16LE(body);
      const bitsPerSample = buf.readUInt16LE(body + 14);
      // 1 = PCM, 0xFFFE = WAVE_FORMAT_EXTENSIBLE (ffmpeg writes it for some layouts)
      if ((format !== 1 && format !== 0xfffe) || bitsPerSample !== 16) {
        throw new Error(`unsupported WAV format ${format}/${bitsPerSample} bit: need PCM s16le`);
      }
      fmt = { channels: buf.readUInt16LE(body + 2), sampleRate: buf.readUInt32LE(body + 4), bitsPerSample };
    } else if (id === "data") {
      if (!fmt) throw new Error("WAV data chunk before fmt chunk");
      // streamed WAVs (ffmpeg to a pipe) leave the size at 0 or 0xFFFFFFFF: read to the end
      if (size === 0 || size === 0xffffffff || body + size > buf.length) size = buf.length - body;
      return { ...fmt, dataOffset: body, dataLength: size - (size % (2 * fmt.channels)) };
    }
    pos = body + size + (size % 2);
  }
  throw new Error("WAV file has no data chunk");
}

/** Pure: interleaved s16le frames -> mono Int16Array (channel average). */
export function downmixToMono(buf: Buffer, info: WavInfo): Int16Array {
  const frames = info.dataLength / (2 * info.channels);
  const out = new Int16Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < info.channels; c++) sum += buf.readInt16LE(info.dataOffset + 2 * (i * info.channels + c));
    out[i] = Math.round(sum / info.channels);
  }
  return out;
}

/** Pure: linear-interpolation resampling; fine for speech recognition input, not for listening. */
export function resampleLinear(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate) return samples;
  const n = Math.floor((samples.length * toRate) / fromRate);
  const out = new Int16Array(n);
  const step = fromRate / toRate;
  for (let i = 0; i < n; i++) {
    const x = i * step;
    const i0 = Math.floor(x);
    const i1 = Math.min(samples.length - 1, i0 + 1);
    const f = x - i0;
    out[i] = Math.round(samples[i0]! * (1 - f) + samples[i1]! * f);
  }
  return out;
}

/** Reads any PCM16 WAV as mono samples at ENGINE_SAMPLE_RATE. */
export async function readEngineSamples(wavPath: string): Promise<Int16Array> {
  const buf = await readFile(wavPath);
  const info = parseWavHeader(buf);
  return resampleLinear(downmixToMono(buf, info), info.sampleRate, ENGINE_SAMPLE_RATE);
}

/** Pure: a mono s16le WAV file image. */
export function encodeWav(samples: Int16Array, sampleRate = ENGINE_SAMPLE_RATE): Buffer {
  const data = samples.length * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write("RIFF", 0, "ascii");
  buf.writeUInt32LE(36 + data, 4);
  buf.write("WAVE", 8, "ascii");
  buf.write("fmt ", 12, "ascii");
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36, "ascii");
  buf.writeUInt32LE(data, 40);
  Buffer.from(samples.buffer, samples.byteOffset, data).copy(buf, 44);
  return buf;
}

export async function writeWav(path: string, samples: Int16Array, sampleRate = ENGINE_SAMPLE_RATE): Promise<void> {
  await writeFile(path, encodeWav(samples, sampleRate));
}

/** Audio the transcribe stage reads: its length, its energy envelope, and sample ranges on demand. */
export interface EngineAudio {
  durationS: number;
  envelope: Float64Array;
  /** mono samples at ENGINE_SAMPLE_RATE in [a, b) (sample indices) */
  read(a: number, b: number): Promise<Int16Array>;
  close(): Promise<void>;
}

const HEADER_PROBE_BYTES = 64 * 1024;

/**
 * Open a WAV for transcription within a fixed memory budget: a 16 kHz mono s16 file (what the
 * audio stage writes) is streamed once for its envelope and then read by ranges, so memory holds
 * the envelope (~0.8 MB per hour) and the chunks in flight, never the whole audio. Other WAVs
 * (tests, engines' own files) are decoded in memory.
 */
export async function openEngineAudio(wavPath: string, frameS: number, envelopeOf: (s: Int16Array, rate: number, frameS: number) => Float64Array): Promise<EngineAudio> {
  const fh = await open(wavPath, "r");
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(Math.min(HEADER_PROBE_BYTES, size));
    await fh.read(head, 0, head.length, 0);
    const info = parseWavHeader(head);
    const streamable = info.sampleRate === ENGINE_SAMPLE_RATE && info.channels === 1;
    if (!streamable) {
      await fh.close();
      const samples = await readEngineSamples(wavPath);
      return {
        durationS: samples.length / ENGINE_SAMPLE_RATE,
        envelope: envelopeOf(samples, ENGINE_SAMPLE_RATE, frameS),
        read: async (a, b) => samples.slice(a, b),
        close: async () => {},
      };
    }
    const bytes = Math.max(0, size - info.dataOffset);
    const total = Math.floor(bytes / 2);
    const frame = Math.max(1, Math.round(ENGINE_SAMPLE_RATE * frameS));
    const envelope = new Float64Array(Math.ceil(total / frame));
    // Stream in blocks of whole frames; each block's envelope is the same pure function's.
    const block = frame * 4096;
    const buf = Buffer.alloc(block * 2);
    for (let pos = 0, f = 0; pos < total; pos += block) {
      const n = Math.min(block, total - pos);
      await fh.read(buf, 0, n * 2, info.dataOffset + pos * 2);
      const env = envelopeOf(new Int16Array(buf.buffer, buf.byteOffset, n), ENGINE_SAMPLE_RATE, frameS);
      envelope.set(env, f);
      f += env.length;
    }
    return {
      durationS: total / ENGINE_SAMPLE_RATE,
      envelope,
      read: async (a, b) => {
        const from = Math.max(0, Math.min(total, a));
        const to = Math.max(from, Math.min(total, b));
        const out = Buffer.alloc((to - from) * 2);
        await fh.read(out, 0, out.length, info.dataOffset + from * 2);
        return new Int16Array(out.buffer, out.byteOffset, to - from);
      },
      close: () => fh.close(),
    };
  } catch (e) {
    await fh.close().catch(() => {});
    throw e;
  }
}
