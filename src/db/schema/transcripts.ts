// The transcripts table (drizzle). Layout and invariants: docs/storage-layout.md.
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { jobs } from "./jobs";

export const transcripts = sqliteTable("transcripts", {
  jobId: text("job_id").primaryKey().references(() => jobs.id),
  lang: text("lang"),
  segments: text("segments").notNull(), // JSON [{start, end, text}]
  words: text("words").notNull(), // JSON [{start, end, word, confidence?}]
  /** which speech engine and model made it ("pocketsphinx", "openai:whisper-1", ...); null before engines named themselves */
  engine: text("engine"),
  /** "engine": word times from the engine; "segments": spread over each segment's voiced span */
  wordTiming: text("word_timing"),
  /** 0 as transcribed; each accepted correction (PATCH /jobs/{id}/transcript) adds 1, conditionally on the revision named */
  revision: integer("revision").notNull().default(0),
  /** the source's length in seconds, as the backend probed it; null from backends that predate it */
  sourceDuration: real("source_duration"),
  createdAt: text("created_at").notNull(),
});
