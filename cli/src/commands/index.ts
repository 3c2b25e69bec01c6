// Every katto command, in the order `katto --help` lists them (main.ts finds one by its words).
import type { Command } from "../command";
import { brollAdd, brollList, brollRm } from "./broll";
import { clip } from "./clip";
import { clips, clipsExport } from "./clips";
import { candidates, clipsAdd } from "./manual-clips";
import { clipsEdit } from "./post-copy";
import { jobsCancel, jobsGet, jobsList, jobsWatch } from "./jobs";
import { brandKit, me, usage } from "./account";
import { connectionsList, publish } from "./publish";
import { clipsTrim, dub, rerender } from "./rerender";
import { transcript } from "./transcript";
import { transcriptEdit } from "./transcript-edit";
import { webhookSecret, webhookVerify } from "./webhook";
import { login, logout } from "./login";
import { insights } from "./insights";

export const COMMANDS: Command[] = [clip, jobsList, jobsGet, jobsWatch, jobsCancel, clips, clipsTrim, clipsAdd, clipsEdit, clipsExport, candidates, transcript, transcriptEdit, rerender, dub, usage, me, brandKit, webhookSecret, webhookVerify, connectionsList, publish, insights, brollAdd, brollList, brollRm, login, logout];
