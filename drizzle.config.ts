import { defineConfig } from "drizzle-kit";

// D1 migrations are generated from src/db/schema.ts into migrations/, which wrangler applies.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema.ts",
  out: "./migrations",
});
