import { applyD1Migrations, env } from "cloudflare:test";

// Runs before each test file; applyD1Migrations only applies migrations not applied yet.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
