import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { transcripts } from "../src/db/schema";
const db = drizzle({} as D1Database);
console.log(db.insert(transcripts).values({ jobId: "j", segments: "[]", words: "[]", createdAt: "n" }).onConflictDoUpdate({ target: transcripts.jobId, set: { lang: sql`excluded.lang` } }).toSQL().sql);
