// The OpenAPI component names of the public API's schemas (/openapi.json `components.schemas`, and
// so the SDK's type names: Schemas["Job"]). The schemas themselves live in @katto/protocol/api as
// plain zod, shared with the MCP tools; they are named here, in zod-to-openapi's own registry
// (where `.openapi("Job")` puts a name), not with zod's `.meta({ id: "Job" })`: an `id` also makes
// zod's JSON Schema, which the MCP tools publish, a `$ref` into `definitions`, down to the root of
// an output schema, which MCP requires to be a plain object.
import { zodToOpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import type { z } from "@hono/zod-openapi";
import { AspectSchema, ClipEditsSchema, StyleSchema } from "@katto/protocol";
import * as api from "@katto/protocol/api";

const COMPONENTS = {
  Style: StyleSchema,
  Aspect: AspectSchema,
  ClipEdits: ClipEditsSchema,
  Config: api.ConfigSchema,
  // The field (nullable, described), as the document has always named it.
  ClipSubscores: api.clipReasonFields.subscores,
  Clip: api.ClipSchema,
  JobWarning: api.JobWarningSchema,
  Job: api.JobSchema,
  JobSummary: api.JobSummarySchema,
  JobList: api.JobListSchema,
  CreateJobRequest: api.CreateJobBodySchema,
  JobCreated: api.JobCreatedSchema,
  JobCancelled: api.CancelledSchema,
  Transcript: api.TranscriptSchema,
  ClipList: api.ClipProjectionSchema,
  EditClipRequest: api.EditClipBodySchema,
  ReserveUploadRequest: api.ReserveUploadBodySchema,
  UploadReservation: api.UploadReservationSchema,
  CompleteUploadRequest: api.CompleteUploadBodySchema,
  CreateBrollRequest: api.CreateBrollBodySchema,
  BrollAsset: api.BrollAssetViewSchema,
  BrollUpload: api.BrollUploadSchema,
  BrollList: api.BrollListSchema,
  BrollDeleted: api.BrollDeletedSchema,
  RerenderRequest: api.RerenderBodySchema,
  RerenderCreated: api.RerenderCreatedSchema,
  Rerender: api.RerenderSchema,
  WordEdit: api.WordEditSchema,
  SegmentEdit: api.SegmentEditSchema,
  TranscriptEditRequest: api.TranscriptEditBodySchema,
  TrimRequest: api.TrimBodySchema,
  TrimCreated: api.TrimCreatedSchema,
  Usage: api.UsageSchema,
  Account: api.AccountSchema,
  BrandKit: api.BrandKitSchema,
  BrandKitList: api.BrandKitListSchema,
  WebhookDetails: api.WebhookDetailsSchema,
  Platform: api.PlatformSchema,
  PrivacyLevel: api.PrivacyLevelSchema,
  Connection: api.ConnectionSchema,
  PlatformLimits: api.PlatformLimitsSchema,
  PlatformAvailability: api.PlatformAvailabilitySchema,
  ConnectionList: api.ConnectionListSchema,
  CreateConnectionBody: api.CreateConnectionBodySchema,
  ConnectionStarted: api.ConnectionStartedSchema,
  Disconnected: api.DisconnectedSchema,
  PublicationStatus: api.PublicationStatusSchema,
  Publication: api.PublicationSchema,
  PublicationMetrics: api.PublicationMetricsSchema,
  MetricsReading: api.MetricsReadingSchema,
  Insights: api.InsightsSchema,
  InsightWeight: api.InsightWeightSchema,
  ScorePartEvidence: api.ScorePartEvidenceSchema,
  InsightClip: api.InsightClipSchema,
  CreatePublicationBody: api.CreatePublicationBodySchema,
  PublicationList: api.PublicationListSchema,
} satisfies Record<string, z.ZodType>;

for (const [refId, schema] of Object.entries(COMPONENTS)) zodToOpenAPIRegistry.add(schema, { _internal: { refId } });

/**
 * A component plus a few fields, documented as `allOf: [{ $ref: <component> }, { <the fields> }]`
 * (what zod-to-openapi does when a schema named with `.openapi()` is extended).
 */
export const extendComponent = <T extends z.ZodObject, S extends z.ZodRawShape>(component: T, shape: S) => component.openapi({}).extend(shape);
