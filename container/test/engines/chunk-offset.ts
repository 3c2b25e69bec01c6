// For Workers AI doubles: where a chunk the transcribe stage posted starts in the source audio.

/** Seconds from the source's start to the chunk's first sample (the chunk is an exact slice of the source, maybe zero-padded in front). */
export function chunkOffset(source: Int16Array, chunk: Int16Array, rate = 16000): number {
  const probe = 48;
  let from = 0;
  while (from < chunk.length - probe && chunk.subarray(from, from + probe).every((v) => v === 0)) from += probe;
  outer: for (let i = 0; i + probe <= source.length; i++) {
    for (let k = 0; k < probe; k++) if (source[i + k] !== chunk[from + k]) continue outer;
    return (i - from) / rate;
  }
  throw new Error("chunk not found in the source");
}
