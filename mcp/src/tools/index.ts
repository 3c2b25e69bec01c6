import type { KattoTool } from "../tool";
import { createClip, listCandidates } from "./clips.tool";
import { getAccount, getBrandKit, getUsage, getWebhookSecret } from "./account.tool";
import { cancelJob, createClipJob, getClips, getJob, getTranscript, listJobs } from "./jobs.tool";
import { deleteBroll, listBroll } from "./broll.tool";
import { getPublication, listConnections, publishClip } from "./publishing.tool";
import { getInsights } from "./insights.tool";
import { dubClip, getRerender, rerenderClip } from "./rerenders.tool";
import { editTranscript, trimClip } from "./edit.tool";
import { listClipLengths, listSources } from "./vocabularies.tool";
import { waitForJob } from "./wait.tool";
import { exportClip } from "./export.tool";
import { editPostCopy } from "./post-copy.tool";

/** The tools both servers offer (the stdio server adds service_upload_file and service_add_broll). */
export const sharedTools: KattoTool[] = [
  createClipJob,
  getJob,
  listJobs,
  getClips,
  getTranscript,
  getUsage,
  getAccount,
  cancelJob,
  listSources,
  listClipLengths,
  rerenderClip,
  dubClip,
  getRerender,
  getBrandKit,
  getWebhookSecret,
  waitForJob,
  listConnections,
  publishClip,
  getPublication,
  listBroll,
  deleteBroll,
  editTranscript,
  trimClip,
  createClip,
  listCandidates,
  exportClip,
  getInsights,
  editPostCopy,
];
