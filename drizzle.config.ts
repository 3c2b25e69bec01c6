import { defineConfig } from "drizzle-kit";

// D1 migrations are generated from the tables of src/db/schema/ (one file per table) into
// migrations/, which wrangler applies.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema/*.ts",
  out: "./migrations",
});
