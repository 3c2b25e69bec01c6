// The webhook_deliveries table (drizzle). Layout and invariants: docs/storage-layout.md.
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { jobs } from "./jobs";

export const webhookDeliveries = sqliteTable("webhook_deliveries", {
  id: text("id").primaryKey(),
  jobId: text("job_id").notNull().references(() => jobs.id),
  url: text("url").notNull(),
  status: text("status").notNull(), // pending | delivered | failed
  attempts: integer("attempts").notNull().default(0),
  lastStatusCode: integer("last_status_code"),
  lastError: text("last_error"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
}, (t) => [uniqueIndex("webhook_deliveries_job").on(t.jobId)]);
