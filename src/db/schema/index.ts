// D1 tables (drizzle), one file per table, as openstatus keeps them (packages/db/src/schema/*).
// migrations/ is generated from these files by `npm run db:generate` (drizzle.config.ts reads this
// folder). Layout and invariants: docs/storage-layout.md. Services import the tables from here.
export { accounts } from "./accounts";
export { apiKeys } from "./api-keys";
export { jobs } from "./jobs";
export { clips } from "./clips";
export { clipCandidates } from "./clip-candidates";
export { manualClips } from "./manual-clips";
export { clipRenditions } from "./clip-renditions";
export { transcripts } from "./transcripts";
export { rerenders } from "./rerenders";
export { brandKits } from "./brand-kits";
export { brollAssets } from "./broll-assets";
export { webhookDeliveries } from "./webhook-deliveries";
export { sessions } from "./sessions";
export { signInFailures } from "./sign-in-failures";
export { signInLinks } from "./sign-in-links";
export { connections } from "./connections";
export { connectionStates } from "./connection-states";
export { publications } from "./publications";
export { publicationReadings } from "./publication-readings";

/** The time columns' format: an ISO date-time in UTC. */
export const nowIso = () => new Date().toISOString();
