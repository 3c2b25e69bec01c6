// Generated from the Katto OpenAPI document by sdk/scripts/generate.ts. Do not edit.
export interface paths {
    "/api/v1/brand-kit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's brand kits
         * @description Read scope.
         */
        get: operations["listBrandKits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/broll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's B-roll library
         * @description Requires the read scope. Every ready asset, newest first, with its keywords; uploads not completed are not listed.
         */
        get: operations["listBroll"];
        put?: never;
        /**
         * Start uploading a B-roll image or video with its keywords
         * @description Requires the write scope. Counts against no quota (the library holds at most 200 assets: 409 when full). PUT the file to upload_url with the given headers within 2 hours, then call complete_url. Clips with style broll "library" cut away to it where their words match a keyword.
         */
        post: operations["createBrollUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/broll/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a B-roll asset
         * @description Requires the write scope. Irreversible: the file is removed and no later render cuts away to it; clips already rendered keep their pictures, and their HD files or re-renders show the speaker where it was.
         */
        delete: operations["deleteBroll"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/broll/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a B-roll upload: check the file and add it to the library
         * @description Requires the write scope. 400 when the file is missing, expired, of another size than declared, or not an image or video of the declared type; 409 when already completed.
         */
        post: operations["completeBrollUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List every publishing platform with its availability and connection
         * @description All seven platforms, always: available (the operator configured it) or not with the reason, the platform's privacy options and limits, today's posts against its daily cap, and the connection where one exists (status needs_reauth: connect again).
         */
        get: operations["listConnections"];
        put?: never;
        /**
         * Start connecting a platform account
         * @description Requires the write scope. Returns the platform's authorization URL (OAuth 2.0 code flow, PKCE where the platform supports it, a state bound to this account, valid 10 minutes). Open it in a browser; the platform calls back to this service, which stores the grant encrypted and then redirects to return_to (default: the dashboard's connections page). Connecting again replaces the grant. 400 when the platform is unavailable on this deployment (the message says why).
         */
        post: operations["createConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connections/{platform}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Disconnect a platform account
         * @description Requires the write scope. Revokes the grant at the platform where it offers revocation, forgets the tokens, and fails posts still scheduled or queued to it. 409 while a post to it is uploading.
         */
        delete: operations["deleteConnection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What works for your audience
         * @description How this account's published clips' 7-day views relate to the score's parts (hook, flow, value, trend), clip length, layout and style options: a ridge regression on log(views + 1) with standardised features, each weight with its standard error and 95 % interval, refitted on every call from the readings so far. Below 10 published clips with 7-day numbers: {status: "insufficient_data", posts_with_metrics, needed}.
         */
        get: operations["getInsights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List jobs, newest first
         * @description Keyset pagination: pass next_cursor back as cursor. An unknown status or a malformed cursor gets 400.
         */
        get: operations["listJobs"];
        put?: never;
        /**
         * Create a clipping job from a video URL
         * @description Charges one video of the monthly quota. Requires the write scope. A repeat with the same Idempotency-Key returns the original job with 200 and idempotent_replay true.
         */
        post: operations["createJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a job with its progress and ranked clips
         * @description Poll until status is completed; wait for hd_ready before caching clip URLs.
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        /**
         * Cancel a running job
         * @description Requires the write scope. queued, processing and scoring jobs can be cancelled; the slot is refunded up to the plan's monthly refund cap. 409 when the job already completed, failed or was cancelled.
         */
        delete: operations["cancelJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/candidates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the moments the selection considered and left out
         * @description Each with its range, score, subscores and the reason it is not a clip (overlap, below_cutoff, too_short, max_clips). Those not overlapping a clip come first, best first; at most 200. Empty until the job completes, and for jobs made before candidates were recorded.
         */
        get: operations["listCandidates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/candidates/{candidate_id}/promote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a left-out candidate a clip
         * @description Requires the write scope. Free: no quota. The candidate's range becomes a clip made by hand (as POST /jobs/{id}/clips, origin "manual"). 409 when it was already promoted (naming its clip), when the job is not completed, or when the job already has 10 clips; 400 when the candidate is shorter than 3 s.
         */
        post: operations["promoteCandidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/clips": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the finished clips of a job
         * @description Ranked by score, highest first. Empty while the job is processing.
         */
        get: operations["getClips"];
        put?: never;
        /**
         * Make a clip by hand from a range of the source
         * @description Requires the write scope. Free: no quota. `start` and `end` (source seconds) are snapped to the nearest pauses between words and answered; the range must lie inside the source and last 3 to 180 s. The job stays completed: follow the clip in the job's `manual_clips`; it joins `clips` with `origin: "manual"` once rendered, scored, titled and measured (`quality`). Its style (the account's default kit's, the job's, then this `style`, field by field) is drawn as on the job's clips; 400 for an option this server cannot render (`broll: "stock"` without a stock provider). 409 when the job is not completed or already has 10 clips.
         */
        post: operations["createClip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/clips/{clip_index}/publications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a clip to a connected platform, now or at a set time
         * @description Requires the write scope. Free (no quota). Uses the clip's latest finished version (HD once ready, or the newest completed re-render). The platform's limits (duration, size, aspect, caption, hashtags, privacy) are checked first: 400 says which. 403 when the platform's daily cap is reached, 409 when the platform is not connected or needs reconnecting. A post is never sent twice: see status unconfirmed. A repeat with the same Idempotency-Key returns the original publication with 200 and idempotent_replay true.
         */
        post: operations["publishClip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/clips/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a clip's post copy
         * @description Requires the write scope. Replace the clip's `description` and/or `hashtags` (each hashtag `#` then letters, digits or `_`), the post text publishing uses. A field left out keeps its value; unknown fields are refused. Free, and it renders nothing: publications created afterwards use the new copy, ones already created keep the caption they were created with. 409 while the job is not completed.
         */
        patch: operations["editClip"];
        trace?: never;
    };
    "/api/v1/jobs/{id}/clips/{index}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a clip as a project for a desktop video editor
         * @description format: mlt, fcpxml, otio, edl. mlt: an MLT XML project (Shotcut, Kdenlive, melt) with the crop path as keyframes and the captions as a text track; fcpxml: Final Cut Pro XML 1.10 (also DaVinci Resolve, Premiere) with a keyframed transform and captions as titles; otio: an OpenTimelineIO timeline, the crop path in its metadata; edl: a CMX 3600 EDL of the cuts (no crop). source=url (default) puts a signed link to the source in the project (it expires after 24 hours for an uploaded source); source=file puts the source's file name, for a project saved beside the file GET /jobs/{id}/source downloads. version: the clip version to export, "original" or a re-render id (left out: the newest completed version); the project holds that version's range, cuts, framing, shape and captions, and the Katto-Version header names it. Answered as a download (Content-Disposition attachment). 404 for a version the clip does not have; 409 when the job is not completed, or the version named is not.
         */
        get: operations["exportClip"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/clips/{index}/rerender": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-render a clip in another layout, caption style or dubbed language
         * @description Requires the write scope. Free: no quota. The original clip URL is unchanged; the result is a new versioned file. 409 when the job is not completed.
         */
        post: operations["rerenderClip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/clips/{index}/trim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a clip's start and end
         * @description Requires the write scope. Free: no quota. `start`/`end` in source seconds (snapped to the nearest pause between words) or `start_word`/`end_word` (transcript word indexes). The range must lie in the source and be 3 to 180 s long. A new clip version in the clip's layout and style, followed like a re-render (GET /jobs/{id}/rerenders/{rerender_id}); the original clip URL is unchanged. 409 when the job is not completed.
         */
        post: operations["trimClip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/rerenders/{rerender_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a re-render
         * @description clip_url is populated when status is completed.
         */
        get: operations["getRerender"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/source": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where to download the job's source video
         * @description For an uploaded source: a signed link to the file (no API key needed) that works for 24 hours. For a job made from a link: that link as given (Katto keeps no copy; a platform page needs a downloader). `file_name` is the name a clip export with source=file refers to: save the source under it beside the project.
         */
        get: operations["getJobSource"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/transcript": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the transcript of a job
         * @description 404 until the transcript is stored (while the job is still transcribing).
         */
        get: operations["getTranscript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Correct the transcript of a job
         * @description Requires the write scope. Replace a word (`{index, text}`), delete one (`text: ""`), or give a segment new text (`{segment, text}`, aligned to the segment's word times). Indexes are those of the `revision` named; 409 when another edit landed first. Existing clip versions never change; re-render with `{"captions": "refresh"}` or trim to use the corrected words.
         */
        patch: operations["editTranscript"];
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Account and API key introspection */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/publications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List publications, newest first
         * @description Keyset pagination: pass next_cursor back as cursor. Filter by status or job_id.
         */
        get: operations["listPublications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/publications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a publication
         * @description Where the post stands, and its platform id and public URL once published.
         */
        get: operations["getPublication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/publications/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a scheduled or queued publication
         * @description Requires the write scope. 409 once the upload started (it can no longer be taken back from here).
         */
        post: operations["cancelPublication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reserve an upload (step 1 of clipping a local file)
         * @description Requires the write scope. Charges nothing. PUT the file to upload_url with the given headers within 2 hours, then call complete_url.
         */
        post: operations["reserveUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uploads/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete an upload: verify the file, charge one video and queue the job
         * @description Requires the write scope. 400 when the file is missing, expired, of another size than reserved, or not a video of the declared type; 409 when already completed.
         */
        post: operations["completeUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Monthly video quota usage */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Webhook signing details
         * @description Read scope. The signing secret is generated on first access and stored encrypted.
         */
        get: operations["getWebhookDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Account: {
            key: {
                /** Format: uuid */
                id: string;
                scopes: ("read" | "write")[];
            };
            plan: string;
            quota: {
                /**
                 * Format: date-time
                 * @description Start of the current monthly period (first instant of the UTC month).
                 */
                period_start: string | null;
                videos_limit: number;
                videos_remaining: number;
                videos_used: number;
            };
            /** Format: uuid */
            user_id: string;
        };
        /**
         * @description The clip's shape, width:height: 9:16 1080x1920, 1:1 1080x1080, 4:5 1080x1350, 16:9 1920x1080 (previews at half). 9:16 when neither the request nor the brand kit names one. Every layout, the captions, title card, emoji, zooms, B-roll and watermark are framed for it. Publishing platforms take only some shapes (Facebook Reels only 9:16; YouTube files 16:9 as a regular video, the others as Shorts): GET /connections lists each platform's `aspects`, so choose before rendering.
         * @example 1:1
         * @enum {string}
         */
        Aspect: "9:16" | "1:1" | "4:5" | "16:9";
        BrandKit: {
            /**
             * @description Colour of the spoken word highlight, #RRGGBB.
             * @example #FFD400
             */
            accent_color: string;
            /**
             * @description The shape of the account's clips when a job or re-render names none; 9:16 when absent.
             * @example 1:1
             * @enum {string}
             */
            aspect?: "9:16" | "1:1" | "4:5" | "16:9";
            /**
             * @description One of the fonts shipped with the renderer.
             * @enum {string}
             */
            caption_font: "Noto Sans" | "Noto Serif" | "DejaVu Sans" | "Noto Sans CJK SC" | "Noto Sans Devanagari" | "Noto Sans Arabic";
            /** @enum {string} */
            caption_position: "top" | "middle" | "bottom";
            /** @enum {string} */
            default_layout: "face_tracking" | "wide" | "split_screen" | "stacked" | "passthrough" | "grid_3" | "grid_4" | "screen";
            name: string;
            /**
             * @description Caption text colour, #RRGGBB.
             * @example #FFFFFF
             */
            primary_color: string;
            style?: components["schemas"]["Style"];
            /**
             * Format: uri
             * @description https URL of a PNG watermark (at most 2 MB), or null.
             */
            watermark_url: string | null;
        };
        BrandKitList: {
            brand_kits: components["schemas"]["BrandKit"][];
        };
        BrollAsset: {
            content_type: string;
            /** @description ISO 8601 */
            created_at: string;
            filename: string;
            /** Format: uuid */
            id: string;
            keywords: string[];
            /**
             * @description image: shown with a slow pan; video: its first seconds, muted.
             * @enum {string}
             */
            kind: "image" | "video";
            size: number;
            /**
             * @description pending until the complete step checked the uploaded file; only ready assets are cut to.
             * @enum {string}
             */
            status: "pending" | "ready";
        };
        BrollDeleted: {
            /** @enum {boolean} */
            deleted: true;
            /** Format: uuid */
            id: string;
        };
        BrollList: {
            /** @description The account's ready assets, newest first (at most 200). */
            assets: components["schemas"]["BrollAsset"][];
        };
        BrollUpload: {
            asset: components["schemas"]["BrollAsset"];
            /** Format: uri */
            complete_url: string;
            /** @example 7200 */
            expires_in: number;
            headers: {
                "Content-Type": string;
            } & {
                [key: string]: string;
            };
            /** @enum {string} */
            method: "PUT";
            /** Format: uri */
            upload_url: string;
        };
        Clip: {
            /** @description The clip's parts weighted with this account's fitted weights (config.score_with "account"), 0 to 100; the clips are then ranked by it. null for jobs scored with the default weights. */
            account_score: number | null;
            aspect: components["schemas"]["Aspect"] & unknown;
            /**
             * Format: uri
             * @description SRT captions in the language spoken in the clip, when `captions_url` holds them translated (style caption_language, or a dubbed re-render); null when the captions are in the spoken language.
             */
            captions_original_url: string | null;
            /**
             * Format: uri
             * @description SRT captions: the caption pages burned into the clip, cue for cue (the same words on the same lines, shown for the same times), in style.caption_language when the clip has one; broadcast-width cues when it burns none (caption_style none).
             */
            captions_url: string | null;
            /** @description Who chose and scored the clip: the engine and its model. Null for clips stored before clips named it. */
            chosen_by: {
                /** @description offline (Katto's own selection and scoring), workers-ai, or openai (a chat model on an OpenAI-compatible server chose the moment, KATTO_SCORER=openai). */
                engine: string;
                /** @description Why the configured engine did not choose it and Katto's own selection did (the job's warnings say the same, code chat_model_fallback); null when it did. */
                fallback_reason: string | null;
                /** @description The model that chose or scored it (as configured, e.g. KATTO_CHAT_MODEL); null for the offline engine. */
                model: string | null;
            } | null;
            /** @description 0-based position; 0 is the highest score. */
            clip_index: number;
            /**
             * Format: uri
             * @description The clip's cover image (JPEG at the clip's frame size): the frame where the speaker's face is largest and sharpest, with the title drawn in the brand kit's title style. Made again from the 1080p file, and for each re-render (the re-render's own cover_url). Publishing sends it where the platform takes a cover. Null when none could be made, and for clips made before covers.
             */
            cover_url: string | null;
            /** @description The clip's post text (issue 37): written from what the clip says (its key words and the things it names; by the production text engine where one is configured), editable with PATCH /jobs/{id}/clips/{index}. Publishing posts it with `hashtags`, fitted to each platform's limits, unless the publication gives its own caption. Empty for clips made before post copy. */
            description: string;
            /** @description Length of the clip, seconds (end - start). */
            duration: number;
            edits: components["schemas"]["ClipEdits"];
            /** @description Where the clip ends in the source video, seconds. */
            end: number;
            /** @description Hashtags for the post ("#Physics"), best first; editable with PATCH /jobs/{id}/clips/{index}. Empty for clips made before post copy. */
            hashtags: string[];
            /** @description True once the 1080p render has landed. */
            hd: boolean;
            /** @description Why the clip scored as it did, in a sentence or two quoting it. */
            justification: string | null;
            /** @description How the frame was composed on the first render: wide, center_crop, face_tracking, passthrough, split_screen, stacked, grid_3, grid_4 or screen. Null for clips stored without it. */
            layout: string | null;
            /**
             * @description auto: chosen by Katto's selection; manual: made by hand (POST /jobs/{id}/clips) or from a promoted candidate.
             * @enum {string}
             */
            origin: "auto" | "manual";
            /** @description What the clip's current file measured (docs/clip-quality.md): subject in frame, empty frames, speech share, longest silence, loudness, caption sync, sentence edges, the flags still present (ok when none) and the fixes made before delivery. Re-measured when the HD file lands. Null for clips rendered before clips measured themselves. */
            quality: {
                audio: {
                    /** @description True when the true peak reaches full scale. */
                    clipping: boolean;
                    /** @description Integrated loudness (EBU R 128), LUFS; null for silent audio. */
                    lufs: number | null;
                    /** @description True peak, dBTP; null for silent audio. */
                    true_peak: number | null;
                };
                /** @description The same, signed: positive when the captions come late (after the speech is heard), negative when early. Absent on clips measured before it existed. */
                caption_offset_ms?: number | null;
                /** @description How far the captions the clip ships (its SRT, clip time) start from the speech onsets measured in the rendered audio, ms (the size of caption_offset_ms); null when the clip has too few of either. */
                caption_sync_ms: number | null;
                /** @description Whether an edge of the clip cuts through a word. */
                cut_word: boolean;
                /** @description Share of sampled frames that are black, frozen, or show no face where the layout expects one. */
                empty_frames: number;
                /** @description Whether the clip ends on a sentence boundary of the transcript; null without a transcript. */
                ends_on_sentence: boolean | null;
                /** @description What was fixed before delivery; empty when nothing was. */
                fixes: {
                    /** @description What was changed before delivery (the clip was then rendered and measured again). */
                    action: string;
                    /**
                     * @description The flag the first render had.
                     * @enum {string}
                     */
                    flag: "subject_out_of_frame" | "empty_frames" | "long_silence" | "no_speech" | "mostly_silent" | "captions_drift" | "cuts_mid_sentence" | "cuts_word" | "too_loud" | "clipping";
                }[];
                /** @description The problems still present in the delivered file; empty when none. */
                flags: {
                    /** @description One line saying what was measured and what it means for the clip. */
                    message: string;
                    /**
                     * @description The problem: subject_out_of_frame, empty_frames, long_silence, no_speech, mostly_silent, captions_drift, cuts_mid_sentence, cuts_word, too_loud, clipping (thresholds in docs/clip-quality.md).
                     * @enum {string}
                     */
                    name: "subject_out_of_frame" | "empty_frames" | "long_silence" | "no_speech" | "mostly_silent" | "captions_drift" | "cuts_mid_sentence" | "cuts_word" | "too_loud" | "clipping";
                }[];
                /** @description The longest silence in the rendered audio, seconds. */
                longest_silence: number;
                /** @description Wall time the measuring took, ms. */
                measured_ms: number;
                /** @description True when `flags` is empty. */
                ok: boolean;
                /** @description Share of the clip with speech: audible in the rendered audio and inside a transcribed word. */
                speech_share: number;
                /** @description Whether the clip starts on a sentence boundary of the transcript; null without a transcript. */
                starts_on_sentence: boolean | null;
                /** @description Share of the judged sampled frames (2 per second) in which the speaker's face is in the 9:16 frame (at least three quarters of it; in the screen layout, a face in its camera panel). Frames in which the source itself shows no whole face, and B-roll cutaways and the title card, are not judged. Null for layouts without a subject (wide, center_crop, passthrough) unless the clip was re-framed from a face layout, and when no frame is judged. */
                subject_in_frame: number | null;
            } | null;
            /** @description Virality score, 0 to 100. */
            score: number | null;
            /** @description Where the clip starts in the source video, seconds. */
            start: number;
            style: components["schemas"]["Style"] & unknown;
            subscores: components["schemas"]["ClipSubscores"];
            /** @description The clip as one value: its source range and the pieces kept of it (with where each plays on the clip's own timeline), the cuts, the framing as crop keyframes, the zooms, the words and caption pages, and the title card, key words, emoji and B-roll drawn over it, all in clip seconds. What Katto's render, quality measures and editor exports read. The original version's, the one `url` plays, like every other field of the clip (a re-render's or trim's is on GET /jobs/{id}/rerenders/{rid}). Null for clips rendered before they carried it. Not in the completion callback (GET /jobs/{id} has it). */
            timeline: {
                /**
                 * @description The clip's shape, width:height (9:16, 1:1, 4:5 or 16:9): `frame` is its HD frame; 9:16 for timelines written before shapes.
                 * @default 9:16
                 * @enum {string}
                 */
                aspect: "9:16" | "1:1" | "4:5" | "16:9";
                /** @description The caption pages as the clip shows them and its SRT holds them, cue for cue (translated when style.caption_language is set), a page's lines joined by a line break, clip seconds; the SRT's cues when the clip burns no captions (caption_style none). */
                captions: {
                    end: number;
                    start: number;
                    text: string;
                }[];
                /** @description The moving window (of the frame's shape) of a cropping layout; null for a layout that shows the whole picture or panels. */
                crop: {
                    /** @description Keyframes of the window's left edge: t clip seconds, x pixels of source.content; linear between keyframes, held before the first and after the last. */
                    path: {
                        t: number;
                        x: number;
                    }[];
                    /** @description The crop window's size and top edge, pixels of source.content. */
                    window: {
                        h: number;
                        w: number;
                        y: number;
                    };
                } | null;
                /** @description The jump cuts taken out of the range (source seconds) and why (silence, filler, trim). */
                cuts: {
                    reason: string;
                    source_end: number;
                    source_start: number;
                }[];
                /** @description The clip's length once cut, seconds. */
                duration: number;
                /** @description The face camera's rectangle, pixels of source.content, of a layout built around one (stacked: the face cam above the gameplay; screen: the screen recording beside its camera). null (or absent) for other layouts, and when the camera was not found (the picture's top-right third). */
                face_cam?: {
                    h: number;
                    w: number;
                    x: number;
                    y: number;
                } | null;
                /** @description The output frame rate: "30", "30000/1001". */
                fps: string;
                /** @description The output frame every position below is described in: the HD clip's frame of its `aspect` (1080x1920 for 9:16). */
                frame: {
                    height: number;
                    width: number;
                };
                /** @description How the frame is composed: center_crop and face_tracking crop a window along `crop.path`; the others show the whole picture or several panels of it. */
                layout: string;
                /** @description What is drawn over the picture, clip seconds. */
                overlays: {
                    /** @description B-roll cutaways over the whole frame, clip seconds; `asset` the B-roll asset's id. */
                    broll: {
                        asset: string;
                        end: number;
                        start: number;
                    }[];
                    /** @description Emoji drawn above a caption's key word, clip seconds. */
                    emoji: {
                        emoji: string;
                        end: number;
                        start: number;
                        word: string;
                    }[];
                    /** @description Key words drawn larger in the accent colour, clip seconds. */
                    emphasis: {
                        end: number;
                        start: number;
                        word: string;
                    }[];
                    /** @description The hook title card, clip seconds; null when none. */
                    title_card: {
                        end: number;
                        start: number;
                        text: string;
                    } | null;
                };
                /** @description Where each panel of a multi-panel layout (split_screen, grid_3, grid_4) looks, in the order its cells fill the frame (rows top to bottom, left to right; a landscape frame puts a split screen's or grid_3's panels side by side). Each window has its cell's shape and is kept inside the picture. null (or absent) for other layouts, and for a panel layout framed on evenly spaced people (a third, a quarter of the width apart, at 40% of the height). */
                panels?: {
                    /** @description Keyframes of the window's centre: t clip seconds, x pixels of source.content, mapped through the cuts like `crop.path`; [] when the panel stays at `x`. */
                    path: {
                        t: number;
                        x: number;
                    }[];
                    /** @description Its window's width, pixels of source.content; null: the picture's width shared among the panels (at most its height times the cell's shape). */
                    w: number | null;
                    /** @description Where the panel looks across while it does not move (`path` empty): its window's centre, pixels of source.content. */
                    x: number;
                    /** @description The height its window is centred on, pixels of source.content. */
                    y: number;
                }[] | null;
                /** @description What is kept of the range, in order: each piece's source seconds and where it plays on the clip's own timeline (clip seconds). One piece when nothing was cut. */
                pieces: {
                    clip_end: number;
                    clip_start: number;
                    source_end: number;
                    source_start: number;
                }[];
                /** @description The source range the clip is cut from, and the part of the source frame it frames. */
                source: {
                    /** @description The picture inside the source's own black bars (the bars crop), source pixels; the whole frame when it has none. Crop windows are in this rectangle's pixels. */
                    content: {
                        h: number;
                        w: number;
                        x: number;
                        y: number;
                    };
                    /** @description Where it ends, seconds. */
                    end: number;
                    /** @description The source's displayed frame size (after rotation), pixels; null for clips rendered before Katto recorded it. */
                    size: {
                        height: number;
                        width: number;
                    } | null;
                    /** @description Where the clip's range starts in the source, seconds. */
                    start: number;
                };
                /** @enum {number} */
                version: 1;
                /** @description The words spoken, clip seconds (cut words left out). */
                words: {
                    end: number;
                    start: number;
                    word: string;
                }[];
                /** @description Punch-in zooms, clip seconds: full at `scale` between smoothstep eases of 0.3 s (at most half the zoom) at each end, centred on the point x, y (fractions of the output frame, the face's centre) and kept inside the frame. */
                zooms: {
                    end: number;
                    scale: number;
                    start: number;
                    x: number;
                    y: number;
                }[];
            } | null;
            /** @description A short title for the clip; null when it has none. */
            title: string | null;
            /**
             * Format: uri
             * @description MP4 in the clip's `aspect` (9:16: 1080x1920 once `hd` is true).
             */
            url: string;
            /** @description Every version of the clip, the original first (id "original", this clip's own fields), then its re-renders, trims and dubs in the order they were asked for; each one's whole record is at GET /jobs/{id}/rerenders/{id}. Exports and publications name one as `version` (left out: the newest completed). Not in the completion callback. */
            versions: {
                /** @description What the version changed from the original: trim (its range), layout, caption_style, style, aspect, dub, captions (refreshed from the corrected transcript). Empty for the original. */
                changes: ("trim" | "layout" | "caption_style" | "style" | "aspect" | "dub" | "captions")[];
                /**
                 * Format: date-time
                 * @description When the version was asked for (the clip's creation for the original).
                 */
                created_at: string;
                /** @description "original" for the clip's first render, else the re-render's id: the value a consumer names as `version`. */
                id: string;
                /**
                 * @description completed for the original; a re-render's status otherwise.
                 * @enum {string}
                 */
                status: "queued" | "processing" | "completed" | "failed";
                /**
                 * Format: uri
                 * @description The version's MP4: the clip's `url` for the original, the re-render's clip_url; null until completed.
                 */
                url: string | null;
            }[];
        };
        /** @description What the style did to this clip: key words emphasised, emoji shown, zooms, cuts (source seconds), B-roll cutaways and the hook title card, times in seconds on the clip's own timeline; empty lists (and title_card null) where an option was off or found nothing to do. */
        ClipEdits: {
            broll: {
                asset: string;
                /** @description Stock footage: its author and page (credit them where the clip is shown, as the provider's guidelines ask); absent for the account's own B-roll. */
                credit?: {
                    author: string;
                    author_url: string | null;
                    page_url: string | null;
                    /** @enum {string} */
                    provider: "pexels";
                };
                end: number;
                start: number;
            }[];
            cuts: {
                /** @enum {string} */
                reason: "silence" | "filler";
                source_end: number;
                source_start: number;
                /** @description reason filler: the filler taken out, as the transcript wrote it ("um", "you know"), or "voiced hesitation" for one found in the sound that the transcript does not show */
                word?: string;
            }[];
            emoji: {
                emoji: string;
                end: number;
                start: number;
                word: string;
            }[];
            emphasis: {
                end: number;
                start: number;
                word: string;
            }[];
            title_card: {
                end: number;
                start: number;
                text: string;
            } | null;
            zooms: {
                end: number;
                scale: number;
                start: number;
            }[];
        };
        ClipList: {
            clips: {
                /** @description The score under this account's fitted weights (config.score_with "account"); null otherwise. */
                account_score: number | null;
                aspect: components["schemas"]["Aspect"] & unknown;
                /**
                 * Format: uri
                 * @description SRT captions in the language spoken in the clip, when `captions_url` holds them translated (style caption_language, or a dubbed re-render); null when the captions are in the spoken language.
                 */
                captions_original_url: string | null;
                /** Format: uri */
                captions_url: string | null;
                /** @description Who chose and scored the clip: the engine and its model. Null for clips stored before clips named it. */
                chosen_by: {
                    /** @description offline (Katto's own selection and scoring), workers-ai, or openai (a chat model on an OpenAI-compatible server chose the moment, KATTO_SCORER=openai). */
                    engine: string;
                    /** @description Why the configured engine did not choose it and Katto's own selection did (the job's warnings say the same, code chat_model_fallback); null when it did. */
                    fallback_reason: string | null;
                    /** @description The model that chose or scored it (as configured, e.g. KATTO_CHAT_MODEL); null for the offline engine. */
                    model: string | null;
                } | null;
                /** @description The clip's number: the order the job's clips were delivered in. */
                clip_index: number;
                /**
                 * Format: uri
                 * @description The clip's cover image (JPEG at the clip's frame size): the frame where the speaker's face is largest and sharpest, with the title drawn in the brand kit's title style. Made again from the 1080p file, and for each re-render (the re-render's own cover_url). Publishing sends it where the platform takes a cover. Null when none could be made, and for clips made before covers.
                 */
                cover_url: string | null;
                /** @description The clip's post text (issue 37): written from what the clip says (its key words and the things it names; by the production text engine where one is configured), editable with PATCH /jobs/{id}/clips/{index}. Publishing posts it with `hashtags`, fitted to each platform's limits, unless the publication gives its own caption. Empty for clips made before post copy. */
                description: string;
                /** @description Length of the clip, seconds (end - start). */
                duration: number;
                edits: components["schemas"]["ClipEdits"];
                /** @description Where the clip ends in the source video, seconds. */
                end: number;
                /** @description Hashtags for the post ("#Physics"), best first; editable with PATCH /jobs/{id}/clips/{index}. Empty for clips made before post copy. */
                hashtags: string[];
                /** @description True once the 1080p render has landed; a clip delivered while the job is still processing is its preview (false). */
                hd: boolean;
                /** @description Why the clip scored as it did, in a sentence or two quoting it. */
                justification: string | null;
                /** @description How the frame was composed on the first render: wide, center_crop, face_tracking, passthrough, split_screen, stacked, grid_3, grid_4 or screen. Null for clips stored without it. */
                layout: string | null;
                /**
                 * @description auto: chosen by Katto's selection; manual: made by hand (POST /jobs/{id}/clips) or from a promoted candidate.
                 * @enum {string}
                 */
                origin: "auto" | "manual";
                /** @description What the clip's current file measured (docs/clip-quality.md): subject in frame, empty frames, speech share, longest silence, loudness, caption sync, sentence edges, the flags still present (ok when none) and the fixes made before delivery. Re-measured when the HD file lands. Null for clips rendered before clips measured themselves. */
                quality: {
                    audio: {
                        /** @description True when the true peak reaches full scale. */
                        clipping: boolean;
                        /** @description Integrated loudness (EBU R 128), LUFS; null for silent audio. */
                        lufs: number | null;
                        /** @description True peak, dBTP; null for silent audio. */
                        true_peak: number | null;
                    };
                    /** @description The same, signed: positive when the captions come late (after the speech is heard), negative when early. Absent on clips measured before it existed. */
                    caption_offset_ms?: number | null;
                    /** @description How far the captions the clip ships (its SRT, clip time) start from the speech onsets measured in the rendered audio, ms (the size of caption_offset_ms); null when the clip has too few of either. */
                    caption_sync_ms: number | null;
                    /** @description Whether an edge of the clip cuts through a word. */
                    cut_word: boolean;
                    /** @description Share of sampled frames that are black, frozen, or show no face where the layout expects one. */
                    empty_frames: number;
                    /** @description Whether the clip ends on a sentence boundary of the transcript; null without a transcript. */
                    ends_on_sentence: boolean | null;
                    /** @description What was fixed before delivery; empty when nothing was. */
                    fixes: {
                        /** @description What was changed before delivery (the clip was then rendered and measured again). */
                        action: string;
                        /**
                         * @description The flag the first render had.
                         * @enum {string}
                         */
                        flag: "subject_out_of_frame" | "empty_frames" | "long_silence" | "no_speech" | "mostly_silent" | "captions_drift" | "cuts_mid_sentence" | "cuts_word" | "too_loud" | "clipping";
                    }[];
                    /** @description The problems still present in the delivered file; empty when none. */
                    flags: {
                        /** @description One line saying what was measured and what it means for the clip. */
                        message: string;
                        /**
                         * @description The problem: subject_out_of_frame, empty_frames, long_silence, no_speech, mostly_silent, captions_drift, cuts_mid_sentence, cuts_word, too_loud, clipping (thresholds in docs/clip-quality.md).
                         * @enum {string}
                         */
                        name: "subject_out_of_frame" | "empty_frames" | "long_silence" | "no_speech" | "mostly_silent" | "captions_drift" | "cuts_mid_sentence" | "cuts_word" | "too_loud" | "clipping";
                    }[];
                    /** @description The longest silence in the rendered audio, seconds. */
                    longest_silence: number;
                    /** @description Wall time the measuring took, ms. */
                    measured_ms: number;
                    /** @description True when `flags` is empty. */
                    ok: boolean;
                    /** @description Share of the clip with speech: audible in the rendered audio and inside a transcribed word. */
                    speech_share: number;
                    /** @description Whether the clip starts on a sentence boundary of the transcript; null without a transcript. */
                    starts_on_sentence: boolean | null;
                    /** @description Share of the judged sampled frames (2 per second) in which the speaker's face is in the 9:16 frame (at least three quarters of it; in the screen layout, a face in its camera panel). Frames in which the source itself shows no whole face, and B-roll cutaways and the title card, are not judged. Null for layouts without a subject (wide, center_crop, passthrough) unless the clip was re-framed from a face layout, and when no frame is judged. */
                    subject_in_frame: number | null;
                } | null;
                /** @description Virality score, 0 to 100. */
                score: number | null;
                /** @description Where the clip starts in the source video, seconds. */
                start: number;
                style: components["schemas"]["Style"] & unknown;
                subscores: components["schemas"]["ClipSubscores"];
                /** @description A short title for the clip; null when it has none. */
                title: string | null;
                /** Format: uri */
                url: string;
            }[];
            /** Format: uuid */
            job_id: string;
            /** @enum {string} */
            status: "queued" | "processing" | "scoring" | "completed" | "failed" | "cancelled";
        };
        /** @description The parts of `score` (its weighted sum); null for clips stored without them. */
        ClipSubscores: {
            /** @description Clean, self-contained delivery (few fillers, no dead air, starts and ends on a thought), 0 to 100. */
            flow: number;
            /** @description Does the opening grab attention (a question, a number, a claim), 0 to 100. */
            hook: number;
            /** @description Emotional pull and fit for short video, 0 to 100. */
            trend: number;
            /** @description Useful or interesting content, 0 to 100. */
            value: number;
        } | null;
        CompleteUploadRequest: {
            config?: components["schemas"]["Config"];
        };
        /** @description Optional pre-clip settings. */
        Config: {
            aspect?: components["schemas"]["Aspect"];
            /**
             * @description Clip duration bucket: lt30 (8–30 s), 30_60 (30–60 s), 60_90 (60–90 s), 90_180 (90–180 s).
             * @enum {string}
             */
            clipLength?: "lt30" | "30_60" | "60_90" | "90_180";
            /** @description Free-text instructions for choosing the moments, e.g. "moments about pricing". */
            customPrompt?: string;
            /**
             * @description Free string; known values tune scoring weights: podcast, education, interview, gaming, comedy, news, sports, vlog.
             * @example podcast
             */
            genre?: string;
            /** @description At most this many clips, 1 to 10 (default 10): caps the default of at most one clip per full minute of speech (moments scoring under the quality floor, 40, are not made clips unless min_clips asks), and min_clips. */
            max_clips?: number;
            /** @description At least this many clips, 0 to 10: the selection relaxes its cut-off (by default one clip per full minute of speech, at least 1) to reach it when the source holds that many non-overlapping moments of the clipLength asked; when it does not, the job's warnings say why (code fewer_clips). */
            min_clips?: number;
            /**
             * @description Which weights rank the clips. "default" (or absent): the service's weights. "account": the weights GET /insights fitted on this account's published clips, frozen when the job is created; each clip then shows `account_score` beside its default `score` and the clips are ranked by it. Refused (409) while the account has fewer than 10 published clips with 7-day numbers.
             * @enum {string}
             */
            score_with?: "default" | "account";
            style?: components["schemas"]["Style"];
            /** @description Comma-separated topics to favour, e.g. "AI, startups". */
            topics?: string;
        };
        Connection: {
            /** Format: date-time */
            connected_at: string;
            /**
             * Format: date-time
             * @description When the access token expires (it is refreshed before that where the platform allows).
             */
            expires_at: string | null;
            /** @description The channel, page or @handle posts go to. */
            handle: string;
            id: string;
            platform: components["schemas"]["Platform"];
            /**
             * Format: date-time
             * @description When the grant itself ends and the account must be connected again (platforms without refresh tokens).
             */
            reconnect_by: string | null;
            /** @description What the platform lets this app do, e.g. private-only posts until the operator's app is audited. */
            restriction: string | null;
            scopes: string[];
            /**
             * @description needs_reauth: the platform no longer accepts the grant; connect again (status_reason says why).
             * @enum {string}
             */
            status: "connected" | "needs_reauth";
            /** @description Why the connection needs reconnecting, as the platform said; null while connected. */
            status_reason: string | null;
        } | null;
        ConnectionList: {
            platforms: components["schemas"]["PlatformAvailability"][];
        };
        ConnectionStarted: {
            /**
             * Format: uri
             * @description Open this in a browser signed in to the platform; it calls back to this service, which stores the grant.
             */
            authorization_url: string;
            /**
             * Format: date-time
             * @description The authorization request is valid until then (10 minutes).
             */
            expires_at: string;
            platform: components["schemas"]["Platform"];
        };
        CreateBrollRequest: {
            /** @enum {string} */
            content_type: "image/png" | "image/jpeg" | "video/mp4" | "video/quicktime" | "video/webm";
            filename: string;
            /**
             * @description Words or short phrases ("coffee", "city streets") that call for this asset: a cutaway starts where a clip's words match one (plural and -ing forms match too).
             * @example [
             *       "coffee",
             *       "morning routine"
             *     ]
             */
            keywords: string[];
            /** @description Bytes. Images up to 20 MB, videos up to 200 MB; counted against no quota. */
            size: number;
        };
        CreateConnectionBody: {
            platform: components["schemas"]["Platform"];
            /**
             * Format: uri
             * @description Where the browser goes after the platform's consent screen (defaults to the dashboard's connections page). Must be on this service's origin.
             */
            return_to?: string;
        };
        CreateJobRequest: {
            config?: components["schemas"]["Config"];
            /**
             * Format: uri
             * @example https://www.youtube.com/watch?v=dQw4w9WgXcQ
             */
            url: string;
            /**
             * Format: uri
             * @example https://example.com/hooks/katto
             */
            webhook_url?: string;
        };
        CreatePublicationBody: {
            /** @description The post text. Omitted: the clip's `description` and `hashtags` (PATCH /jobs/{id}/clips/{index} edits them), fitted to the platform's limits: as many hashtags as it allows and fit, the description cut at a word only when even none fit. Given (even empty): posted as it is, and refused with 400 when it breaks a limit. */
            caption?: string;
            platform: components["schemas"]["Platform"] & unknown;
            privacy?: components["schemas"]["PrivacyLevel"] & unknown;
            /**
             * Format: date-time
             * @description Post at this time (within a minute); omitted or past: now.
             */
            scheduled_at?: string;
            /** @description Platforms with a title (YouTube); others ignore it. Omitted: the clip's title, cut at a word to the platform's title limit. */
            title?: string;
            /**
             * @description The clip version to post: "original" or a re-render id (its file, cover, shape and length are checked against the platform and posted). Omitted: the newest completed version. 404 for a version the clip does not have, 409 for one not completed.
             * @example original
             */
            version?: string;
            /**
             * Format: uri
             * @description Receives publication.published / publication.failed, signed like the job callback. Defaults to the job's webhook_url.
             */
            webhook_url?: string;
        };
        Disconnected: {
            /** @enum {boolean} */
            disconnected: true;
            platform: components["schemas"]["Platform"];
            /** @description false when the platform offers no revocation or refused it; the tokens are forgotten either way. */
            revoked_at_platform: boolean;
        };
        EditClipRequest: {
            /** @description The post text. Publishing fits it to each platform's length limit (cut at a word with …), after dropping hashtags that do not fit. */
            description?: string;
            /** @description Hashtags, best first. Publishing sends as many as each platform allows and fit. */
            hashtags?: string[];
        };
        /** @description Every error response has this body. */
        Error: {
            /** @description Stable machine-readable error code (additive to the contract). */
            code?: string;
            /** @example Job not found. */
            error: string;
        };
        InsightClip: {
            clip_index: number;
            /** @description What the fitted model expected from the clip's parts. */
            expected_views_7d: number;
            /** Format: uuid */
            job_id: string;
            platform: string;
            publication_id: string;
            /** @description log(views+1) minus the model's prediction: above 0 did better than its parts suggest. */
            residual: number;
            /** @description The clip's default score. */
            score: number | null;
            /** @description The clip's title. */
            title: string | null;
            views_7d: number;
        };
        Insights: {
            /** @description Clips that did best against their parts (largest residuals). */
            best: components["schemas"]["InsightClip"][];
            /** Format: date-time */
            fitted_at: string;
            intercept: number;
            /** @description Ridge penalty used (on standardised features). */
            lambda: number;
            /** @description Published clips with a 7-day reading: what the fit rests on. */
            posts_with_metrics: number;
            /** @description Share of the variance of log views the fit explains on these posts. */
            r2: number;
            residual_std: number;
            /** @description Per score part, whether the numbers show anything about it and how far its weight moved from the default. */
            score_parts: {
                flow: components["schemas"]["ScorePartEvidence"];
                hook: components["schemas"]["ScorePartEvidence"];
                trend: components["schemas"]["ScorePartEvidence"];
                value: components["schemas"]["ScorePartEvidence"];
            };
            /** @description The weights config.score_with: "account" ranks with, summing to 1: the default weights (hook 0.35, flow 0.2, value 0.3, trend 0.15), each moved towards this account's numbers only as far as they show something (score_parts). With score_weights_learned false they are the defaults. */
            score_weights: {
                flow: number;
                hook: number;
                trend: number;
                value: number;
            };
            /** @description Whether the account's numbers moved any weight from the default. false: views did not depend on the score parts more than noise would (an F test at 5 %), so score_weights are the defaults and score_with "account" ranks as the default does. */
            score_weights_learned: boolean;
            /** @enum {string} */
            status: "fitted";
            /** @enum {string} */
            target: "log(views_7d + 1)";
            weights: components["schemas"]["InsightWeight"][];
            /** @description Clips that did worst against their parts. */
            worst: components["schemas"]["InsightClip"][];
        } | {
            /** @description Published clips with 7-day numbers needed before anything is fitted. */
            needed: number;
            posts_with_metrics: number;
            /** @enum {string} */
            status: "insufficient_data";
        };
        InsightWeight: {
            /** @description 95 % interval of the weight (weight ± 1.96 standard errors). */
            ci95: [
                number,
                number
            ];
            /** @description hook, flow, value, trend (the score's parts, 0-100), duration_s, or a layout/style option (layout:split, style:emoji ...). */
            feature: string;
            std_error: number;
            /** @description Change in log(views + 1) for one standard deviation more of the feature (for an option: having it). */
            weight: number;
        };
        Job: {
            clips: components["schemas"]["Clip"][];
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description Rendered clips dropped from `clips` for their measured quality (no speech, mostly silent), with their score and reason. Empty when none. */
            dropped: {
                /** @description Where it would have ended, seconds. */
                end: number;
                /** @description One line with what was measured. */
                message: string;
                /**
                 * @description no_speech: no speech was measured in the rendered clip; mostly_silent: speech in less than 35 % of it.
                 * @enum {string}
                 */
                reason: "no_speech" | "mostly_silent";
                /** @description Its virality score, 0 to 100. */
                score: number;
                /** @description Where the clip would have started in the source, seconds. */
                start: number;
                subscores: {
                    flow: number;
                    hook: number;
                    trend: number;
                    value: number;
                };
            }[];
            /** @description Why the job failed, in a sentence a person can act on; null unless status is failed. */
            error: string | null;
            hd_ready: boolean;
            /** Format: uuid */
            id: string;
            /** @description Clips made by hand on this completed job (POST /jobs/{id}/clips, promoted candidates), each until it lands among `clips` (completed) or fails; the job's status stays completed meanwhile. Empty when none. */
            manual_clips: {
                /** @description The left-out candidate it was made from; null for a range given by hand. */
                candidate_id: string | null;
                clip_index: number;
                end: number;
                /** @description Why it could not be made; null unless failed. */
                error: string | null;
                /** @description Where it starts in the source (snapped), seconds. */
                start: number;
                /**
                 * @description queued, rendering, completed (it is among `clips`) or failed (see `error`).
                 * @enum {string}
                 */
                status: "queued" | "rendering" | "completed" | "failed";
            }[];
            progress: {
                pct: number;
                /** @description queued, downloading, probing, transcribing, selecting, scoring, rendering, uploading, done, failed, cancelled */
                step: string;
            };
            /** @description The job's quality summary: clips delivered, fixed before delivery, still flagged and dropped, and how many clips carry each flag. Null until the job completes. */
            quality: {
                clips_delivered: number;
                clips_dropped: number;
                /** @description Delivered clips with at least one fix recorded. */
                clips_fixed: number;
                /** @description Delivered clips that still have flags. */
                clips_flagged: number;
                /** @description How many delivered clips carry each flag, by flag name (only flags present). */
                flags: {
                    [key: string]: number;
                };
            } | null;
            /** @description Kind of source: youtube, twitch, vimeo, kick, zoom, loom, upload, direct. */
            source: string;
            source_url: string;
            /** @enum {string} */
            status: "queued" | "processing" | "scoring" | "completed" | "failed" | "cancelled";
            /** @description What to know about a completed job's clips: one rendered with a simpler framing than planned, or one left out because it could not be rendered. Empty when there is nothing to say. */
            warnings: components["schemas"]["JobWarning"][];
        };
        JobCancelled: {
            /** Format: uuid */
            id: string;
            refunded: boolean;
            /** @enum {string} */
            status: "cancelled";
        };
        JobCreated: {
            /** Format: uuid */
            id: string;
            idempotent_replay?: boolean;
            /** @enum {string} */
            status: "queued" | "processing" | "scoring" | "completed" | "failed" | "cancelled";
            /** Format: uri */
            status_url: string;
        };
        JobList: {
            jobs: components["schemas"]["JobSummary"][];
            /** Format: date-time */
            next_cursor: string | null;
        };
        JobSummary: {
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            source: string;
            /** @enum {string} */
            status: "queued" | "processing" | "scoring" | "completed" | "failed" | "cancelled";
        };
        JobWarning: {
            /** @description The delivered clip it concerns; null for a clip that was left out. */
            clip_index: number | null;
            /**
             * @description clip_framing_simplified: the clip's planned framing failed to render, so it was rendered with a still centre crop (or the whole frame of a vertical source). clip_left_out: a selected clip could not be rendered at all and is not among `clips`. clip_flagged: a delivered clip still has quality flags (its `quality.flags`). clip_dropped: a rendered clip was dropped for its measured quality (listed in `dropped`). fewer_clips: config.min_clips asked for more clips than the video gave, and why (clip_index null, start and end span the source). broll_unavailable: style broll "stock" could not search the stock provider (its API key was refused, it rate-limited us, or it could not be reached), so clips have no stock cutaways; the message names the cause (clip_index null, start and end span the source).
             * @enum {string}
             */
            code: "clip_framing_simplified" | "clip_left_out" | "clip_flagged" | "clip_dropped" | "fewer_clips" | "broll_unavailable" | "chat_model_fallback";
            /** @description Where the clip ends in the source video, seconds. */
            end: number;
            /** @description One line saying what happened to which clip. */
            message: string;
            /** @description Where the clip starts in the source video, seconds. */
            start: number;
        };
        MetricsReading: {
            /**
             * @description Which reading: 1 hour, 24 hours or 7 days after posting.
             * @enum {string}
             */
            at: "1h" | "24h" | "7d";
            /** @description Average seconds watched per view (Instagram, Facebook); null where the platform does not report it. */
            avg_watch_time_s: number | null;
            /** @description Comments (Threads: replies); null where the platform does not report it. */
            comments: number | null;
            /**
             * Format: date-time
             * @description When the platform was read (later than due when the platform rate-limited us).
             */
            fetched_at: string;
            /** @description Likes; null where the platform does not report it. */
            likes: number | null;
            /** @description avg_watch_time_s divided by the clip's length, where the watch time is known. */
            retention: number | null;
            /** @description Shares (X: reposts + quotes; Threads: reposts + quotes + shares); null where the platform does not report it. */
            shares: number | null;
            /** @description Views (X: the video's views, else impressions); null where the platform does not report it. */
            views: number | null;
        };
        /**
         * @example youtube
         * @enum {string}
         */
        Platform: "youtube" | "tiktok" | "instagram" | "facebook" | "linkedin" | "x" | "threads";
        PlatformAvailability: {
            /**
             * @description The clip shapes this platform takes (Facebook Reels only 9:16; YouTube files 9:16, 4:5 and 1:1 as Shorts and 16:9 as a regular video). Publishing a clip of another shape there is refused (400) before anything is uploaded; choose the shape when creating the job (config.aspect) or re-render the clip in one of these.
             * @example [
             *       "9:16"
             *     ]
             */
            aspects: components["schemas"]["Aspect"][];
            available: boolean;
            connection: components["schemas"]["Connection"];
            /** @description Posts today (UTC) through this connection against the platform's daily cap. */
            daily_posts: {
                limit: number;
                used: number;
            } | null;
            display_name: string;
            has_title: boolean;
            limits: components["schemas"]["PlatformLimits"];
            platform: components["schemas"]["Platform"];
            privacy_options: components["schemas"]["PrivacyLevel"][];
            /** @description The platform requires an explicit privacy choice on every post (none is preselected). */
            privacy_required: boolean;
            /**
             * @description The same in words, with what each shape becomes there.
             * @example only 9:16 (a Reel)
             */
            shapes: string;
            /** @description Why this deployment cannot publish there (for example, the operator has not configured the platform's app); null when available. */
            unavailable_reason: string | null;
        };
        PlatformLimits: {
            caption_max_chars: number;
            max_bytes: number;
            max_duration_s: number;
            max_hashtags: number | null;
            min_duration_s: number;
            title_max_chars: number | null;
        } | null;
        /** @enum {string} */
        PrivacyLevel: "public" | "unlisted" | "followers" | "friends" | "private";
        Publication: {
            /** @description failed/unconfirmed: what to do about it. */
            advice: string | null;
            caption: string;
            clip_index: number;
            connection_id: string;
            /** Format: date-time */
            created_at: string;
            /** @description failed/unconfirmed: the platform's reason. */
            error: string | null;
            id: string;
            /** Format: uuid */
            job_id: string;
            /** @description The post's numbers read back from the platform 1 h, 24 h and 7 d after posting; null until published. */
            metrics: {
                /** @description The next reading and when it is due; null when none is scheduled. */
                next_reading: {
                    /** @enum {string} */
                    at: "1h" | "24h" | "7d";
                    /**
                     * Format: date-time
                     * @description When it will be read, including any back-off the platform's rate limits asked for.
                     */
                    due_at: string;
                } | null;
                /** @description Readings taken so far, in window order. */
                readings: components["schemas"]["MetricsReading"][];
                /** @description Why readings stopped or are waiting (rate limit, permission, deleted post, platform without numbers). */
                reason: string | null;
                /**
                 * @description scheduled: more readings are due (next_reading); complete: all three were read; not_offered: the platform gives this app no numbers (reason says why); missing_permission: the grant lacks the statistics permission, reconnect to grant it (readings resume after); post_deleted: the post is gone, no more readings; needs_reauth: the connection must be connected again (readings resume after).
                 * @enum {string}
                 */
                status: "scheduled" | "complete" | "not_offered" | "missing_permission" | "post_deleted" | "needs_reauth";
            } | null;
            platform: components["schemas"]["Platform"];
            /** @description The platform's id of the post, once live. */
            post_id: string | null;
            /**
             * Format: uri
             * @description The public URL of the post, once live.
             */
            post_url: string | null;
            privacy: components["schemas"]["PrivacyLevel"];
            /** Format: date-time */
            published_at: string | null;
            /** Format: date-time */
            scheduled_at: string | null;
            status: components["schemas"]["PublicationStatus"];
            /** @description The post's title on platforms that have one (YouTube); null elsewhere. */
            title: string | null;
            /** Format: date-time */
            updated_at: string;
            /** @description The clip version posted: "original" or a re-render id, fixed when the post was requested (the one named, else the newest completed then). Null for posts requested before versions were named. */
            version: string | null;
        };
        PublicationList: {
            /** @description Pass as cursor to get the next page; null on the last page. */
            next_cursor: string | null;
            publications: components["schemas"]["Publication"][];
        };
        /**
         * @description unconfirmed: the publishing call's outcome is unknown; check the account before publishing again (Katto never retries it).
         * @enum {string}
         */
        PublicationStatus: "scheduled" | "queued" | "uploading" | "processing" | "published" | "unconfirmed" | "failed" | "cancelled";
        Rerender: {
            aspect: components["schemas"]["Aspect"] & unknown;
            /**
             * Format: uri
             * @description SRT captions in the language spoken in the clip, when `captions_url` holds them translated (style caption_language, or a dubbed re-render); null when the captions are in the spoken language.
             */
            captions_original_url: string | null;
            /** Format: uri */
            captions_url: string | null;
            /** @description What the version changes from the clip's original (as listed in the clip's `versions`). */
            changes: ("trim" | "layout" | "caption_style" | "style" | "aspect" | "dub" | "captions")[];
            /** @description The clip this is a version of. */
            clip_index: number;
            /**
             * Format: uri
             * @description Populated when completed; a new versioned URL (the original clip URL is unchanged).
             */
            clip_url: string | null;
            /**
             * Format: date-time
             * @description When it completed; null until then.
             */
            completed_at: string | null;
            /**
             * Format: uri
             * @description The new version's cover image (its own frame, layout and shape, the clip's title drawn); null until completed, and when none could be made.
             */
            cover_url: string | null;
            /**
             * Format: date-time
             * @description When the version was asked for.
             */
            created_at: string;
            /** @description Length of the new clip, seconds; null until completed. */
            duration: number | null;
            /** @description What the style did to the new version (as the clip's `edits`: key words, emoji, zooms, cuts in source seconds, B-roll cutaways, title card, times in seconds on the version's own timeline); null until completed (and for versions rendered before versions kept it). */
            edits: {
                broll: {
                    asset: string;
                    /** @description Stock footage: its author and page (credit them where the clip is shown, as the provider's guidelines ask); absent for the account's own B-roll. */
                    credit?: {
                        author: string;
                        author_url: string | null;
                        page_url: string | null;
                        /** @enum {string} */
                        provider: "pexels";
                    };
                    end: number;
                    start: number;
                }[];
                cuts: {
                    /** @enum {string} */
                    reason: "silence" | "filler";
                    source_end: number;
                    source_start: number;
                    /** @description reason filler: the filler taken out, as the transcript wrote it ("um", "you know"), or "voiced hesitation" for one found in the sound that the transcript does not show */
                    word?: string;
                }[];
                emoji: {
                    emoji: string;
                    end: number;
                    start: number;
                    word: string;
                }[];
                emphasis: {
                    end: number;
                    start: number;
                    word: string;
                }[];
                title_card: {
                    end: number;
                    start: number;
                    text: string;
                } | null;
                zooms: {
                    end: number;
                    scale: number;
                    start: number;
                }[];
            } | null;
            /** @description Where the new version ends in the source, seconds (a trim's snapped end; otherwise the clip's). */
            end: number;
            /** @description Why the re-render failed; null unless status is failed. */
            error: string | null;
            /** @description True once completed: a re-render is rendered at 1080 pixels on its shorter side. */
            hd: boolean;
            /** @description How the new version's frame is composed (its timeline's layout); null until completed. */
            layout: string | null;
            /** @description What the new version measured (docs/clip-quality.md); null until completed. */
            quality: {
                audio: {
                    /** @description True when the true peak reaches full scale. */
                    clipping: boolean;
                    /** @description Integrated loudness (EBU R 128), LUFS; null for silent audio. */
                    lufs: number | null;
                    /** @description True peak, dBTP; null for silent audio. */
                    true_peak: number | null;
                };
                /** @description The same, signed: positive when the captions come late (after the speech is heard), negative when early. Absent on clips measured before it existed. */
                caption_offset_ms?: number | null;
                /** @description How far the captions the clip ships (its SRT, clip time) start from the speech onsets measured in the rendered audio, ms (the size of caption_offset_ms); null when the clip has too few of either. */
                caption_sync_ms: number | null;
                /** @description Whether an edge of the clip cuts through a word. */
                cut_word: boolean;
                /** @description Share of sampled frames that are black, frozen, or show no face where the layout expects one. */
                empty_frames: number;
                /** @description Whether the clip ends on a sentence boundary of the transcript; null without a transcript. */
                ends_on_sentence: boolean | null;
                /** @description What was fixed before delivery; empty when nothing was. */
                fixes: {
                    /** @description What was changed before delivery (the clip was then rendered and measured again). */
                    action: string;
                    /**
                     * @description The flag the first render had.
                     * @enum {string}
                     */
                    flag: "subject_out_of_frame" | "empty_frames" | "long_silence" | "no_speech" | "mostly_silent" | "captions_drift" | "cuts_mid_sentence" | "cuts_word" | "too_loud" | "clipping";
                }[];
                /** @description The problems still present in the delivered file; empty when none. */
                flags: {
                    /** @description One line saying what was measured and what it means for the clip. */
                    message: string;
                    /**
                     * @description The problem: subject_out_of_frame, empty_frames, long_silence, no_speech, mostly_silent, captions_drift, cuts_mid_sentence, cuts_word, too_loud, clipping (thresholds in docs/clip-quality.md).
                     * @enum {string}
                     */
                    name: "subject_out_of_frame" | "empty_frames" | "long_silence" | "no_speech" | "mostly_silent" | "captions_drift" | "cuts_mid_sentence" | "cuts_word" | "too_loud" | "clipping";
                }[];
                /** @description The longest silence in the rendered audio, seconds. */
                longest_silence: number;
                /** @description Wall time the measuring took, ms. */
                measured_ms: number;
                /** @description True when `flags` is empty. */
                ok: boolean;
                /** @description Share of the clip with speech: audible in the rendered audio and inside a transcribed word. */
                speech_share: number;
                /** @description Whether the clip starts on a sentence boundary of the transcript; null without a transcript. */
                starts_on_sentence: boolean | null;
                /** @description Share of the judged sampled frames (2 per second) in which the speaker's face is in the 9:16 frame (at least three quarters of it; in the screen layout, a face in its camera panel). Frames in which the source itself shows no whole face, and B-roll cutaways and the title card, are not judged. Null for layouts without a subject (wide, center_crop, passthrough) unless the clip was re-framed from a face layout, and when no frame is judged. */
                subject_in_frame: number | null;
            } | null;
            /** @description What was asked: the re-render's fields as sent, or a trim's snapped range. */
            request: {
                aspect?: components["schemas"]["Aspect"];
                /** @enum {string} */
                caption_style?: "bold_pop" | "karaoke" | "boxed" | "minimal" | "none";
                /** @enum {string} */
                captions?: "refresh";
                dub?: ("en" | "es" | "fr" | "it" | "pt" | "hi" | "ja" | "zh")[];
                /** @enum {string} */
                layout_mode?: "face_tracking" | "wide" | "split_screen" | "stacked" | "passthrough" | "grid_3" | "grid_4" | "screen";
                /** @description The style fields asked for (the version's `style` is the clip's with these applied). */
                style?: {
                    /**
                     * @description library: short cutaways (1.5-3 s each, at most a third of the clip) to the account's own B-roll (/broll) over moments whose words match an asset's keywords; stock: the same from the stock-footage provider the operator enabled (refused when none is); none: no cutaways.
                     * @enum {string}
                     */
                    broll?: "none" | "library" | "stock";
                    /**
                     * @description Burned-in captions and SRT translated into this language, sentence by sentence, with the dub's translation engines (offline: English to and from Spanish, French, Italian and Portuguese; Hindi, Japanese and Chinese need Workers AI on the render backend). When no engine translates the pair, a job fails before rendering any clip, refunded, its error naming what the operator must configure; a re-render fails the same way and the clip keeps its current version. Each translated sentence is spread over the time the original sentence is spoken. The spoken-language SRT stays available as captions_original_url. Same as the spoken language: nothing is translated.
                     * @enum {string}
                     */
                    caption_language?: "en" | "es" | "fr" | "it" | "pt" | "hi" | "ja" | "zh";
                    /** @description Lines per caption: 1 or 2. */
                    caption_lines?: 1 | 2;
                    /** @description true: a colour emoji above a caption's key word where one fits its meaning, at most one per caption and never on two captions in a row. */
                    emoji?: boolean;
                    /**
                     * @description keywords: key words (named things, numbers, strong verbs and adjectives) drawn larger in the brand kit's accent colour; none: plain captions.
                     * @enum {string}
                     */
                    emphasis?: "none" | "keywords";
                    /** @description true: the clip's title as a title card over its first 2.5 seconds, placed off the speaker's face. */
                    hook_title?: boolean;
                    /** @description true: filler words the transcript shows (um, uh, er, erm, hmm; "you know" and "like" only when set off by pauses or commas and carrying no meaning), and hesitations heard in the sound between words that it leaves out (a held or standalone um/uh, named "voiced hesitation"), cut out with the hesitation around them, leaving at most a 0.25 s pause. Engines that take a prompt are asked to write fillers down. */
                    remove_fillers?: boolean;
                    /** @description true: pauses longer than 0.6 s (audio 25 dB under the clip's speech, no word spoken) shortened to 0.25 s by jump cuts in their quietest middle; captions, SRT and word times follow the shorter clip. */
                    remove_silences?: boolean;
                    /** @description At most this many words on screen at once, 1 to 8; the SRT cues follow the same grouping. */
                    words_per_caption?: number;
                    /**
                     * @description punch_in: smooth 1.15-1.25x punch-ins, eased in and out, on key words and where the tracked camera settles on another speaker, centred on the face and never cropping it, at most one every 4 seconds (none in split-screen and grid layouts); none: no zooms.
                     * @enum {string}
                     */
                    zoom?: "none" | "punch_in";
                };
                /** @description A trim's range in the source, snapped (POST .../trim). */
                trim?: {
                    end: number;
                    start: number;
                };
            };
            rerender_id: string;
            /** @description Where the new version starts in the source, seconds (a trim's snapped start; otherwise the clip's). */
            start: number;
            /** @enum {string} */
            status: "queued" | "processing" | "completed" | "failed";
            /** @description The creator style the new version was rendered with, as resolved; null until completed (and for versions rendered before versions kept it). */
            style: {
                /**
                 * @description library: short cutaways (1.5-3 s each, at most a third of the clip) to the account's own B-roll (/broll) over moments whose words match an asset's keywords; stock: the same from the stock-footage provider the operator enabled (refused when none is); none: no cutaways.
                 * @enum {string}
                 */
                broll?: "none" | "library" | "stock";
                /**
                 * @description Burned-in captions and SRT translated into this language, sentence by sentence, with the dub's translation engines (offline: English to and from Spanish, French, Italian and Portuguese; Hindi, Japanese and Chinese need Workers AI on the render backend). When no engine translates the pair, a job fails before rendering any clip, refunded, its error naming what the operator must configure; a re-render fails the same way and the clip keeps its current version. Each translated sentence is spread over the time the original sentence is spoken. The spoken-language SRT stays available as captions_original_url. Same as the spoken language: nothing is translated.
                 * @enum {string}
                 */
                caption_language?: "en" | "es" | "fr" | "it" | "pt" | "hi" | "ja" | "zh";
                /** @description Lines per caption: 1 or 2. */
                caption_lines?: 1 | 2;
                /** @description true: a colour emoji above a caption's key word where one fits its meaning, at most one per caption and never on two captions in a row. */
                emoji?: boolean;
                /**
                 * @description keywords: key words (named things, numbers, strong verbs and adjectives) drawn larger in the brand kit's accent colour; none: plain captions.
                 * @enum {string}
                 */
                emphasis?: "none" | "keywords";
                /** @description true: the clip's title as a title card over its first 2.5 seconds, placed off the speaker's face. */
                hook_title?: boolean;
                /** @description true: filler words the transcript shows (um, uh, er, erm, hmm; "you know" and "like" only when set off by pauses or commas and carrying no meaning), and hesitations heard in the sound between words that it leaves out (a held or standalone um/uh, named "voiced hesitation"), cut out with the hesitation around them, leaving at most a 0.25 s pause. Engines that take a prompt are asked to write fillers down. */
                remove_fillers?: boolean;
                /** @description true: pauses longer than 0.6 s (audio 25 dB under the clip's speech, no word spoken) shortened to 0.25 s by jump cuts in their quietest middle; captions, SRT and word times follow the shorter clip. */
                remove_silences?: boolean;
                /** @description At most this many words on screen at once, 1 to 8; the SRT cues follow the same grouping. */
                words_per_caption?: number;
                /**
                 * @description punch_in: smooth 1.15-1.25x punch-ins, eased in and out, on key words and where the tracked camera settles on another speaker, centred on the face and never cropping it, at most one every 4 seconds (none in split-screen and grid layouts); none: no zooms.
                 * @enum {string}
                 */
                zoom?: "none" | "punch_in";
            } | null;
            /** @description The new version as one value (as the clip's `timeline`): its source range, the pieces kept, the framing, zooms, words, caption pages and overlays in clip seconds, describing `clip_url`. Null until completed (and for versions rendered before versions kept it). */
            timeline: {
                /**
                 * @description The clip's shape, width:height (9:16, 1:1, 4:5 or 16:9): `frame` is its HD frame; 9:16 for timelines written before shapes.
                 * @default 9:16
                 * @enum {string}
                 */
                aspect: "9:16" | "1:1" | "4:5" | "16:9";
                /** @description The caption pages as the clip shows them and its SRT holds them, cue for cue (translated when style.caption_language is set), a page's lines joined by a line break, clip seconds; the SRT's cues when the clip burns no captions (caption_style none). */
                captions: {
                    end: number;
                    start: number;
                    text: string;
                }[];
                /** @description The moving window (of the frame's shape) of a cropping layout; null for a layout that shows the whole picture or panels. */
                crop: {
                    /** @description Keyframes of the window's left edge: t clip seconds, x pixels of source.content; linear between keyframes, held before the first and after the last. */
                    path: {
                        t: number;
                        x: number;
                    }[];
                    /** @description The crop window's size and top edge, pixels of source.content. */
                    window: {
                        h: number;
                        w: number;
                        y: number;
                    };
                } | null;
                /** @description The jump cuts taken out of the range (source seconds) and why (silence, filler, trim). */
                cuts: {
                    reason: string;
                    source_end: number;
                    source_start: number;
                }[];
                /** @description The clip's length once cut, seconds. */
                duration: number;
                /** @description The face camera's rectangle, pixels of source.content, of a layout built around one (stacked: the face cam above the gameplay; screen: the screen recording beside its camera). null (or absent) for other layouts, and when the camera was not found (the picture's top-right third). */
                face_cam?: {
                    h: number;
                    w: number;
                    x: number;
                    y: number;
                } | null;
                /** @description The output frame rate: "30", "30000/1001". */
                fps: string;
                /** @description The output frame every position below is described in: the HD clip's frame of its `aspect` (1080x1920 for 9:16). */
                frame: {
                    height: number;
                    width: number;
                };
                /** @description How the frame is composed: center_crop and face_tracking crop a window along `crop.path`; the others show the whole picture or several panels of it. */
                layout: string;
                /** @description What is drawn over the picture, clip seconds. */
                overlays: {
                    /** @description B-roll cutaways over the whole frame, clip seconds; `asset` the B-roll asset's id. */
                    broll: {
                        asset: string;
                        end: number;
                        start: number;
                    }[];
                    /** @description Emoji drawn above a caption's key word, clip seconds. */
                    emoji: {
                        emoji: string;
                        end: number;
                        start: number;
                        word: string;
                    }[];
                    /** @description Key words drawn larger in the accent colour, clip seconds. */
                    emphasis: {
                        end: number;
                        start: number;
                        word: string;
                    }[];
                    /** @description The hook title card, clip seconds; null when none. */
                    title_card: {
                        end: number;
                        start: number;
                        text: string;
                    } | null;
                };
                /** @description Where each panel of a multi-panel layout (split_screen, grid_3, grid_4) looks, in the order its cells fill the frame (rows top to bottom, left to right; a landscape frame puts a split screen's or grid_3's panels side by side). Each window has its cell's shape and is kept inside the picture. null (or absent) for other layouts, and for a panel layout framed on evenly spaced people (a third, a quarter of the width apart, at 40% of the height). */
                panels?: {
                    /** @description Keyframes of the window's centre: t clip seconds, x pixels of source.content, mapped through the cuts like `crop.path`; [] when the panel stays at `x`. */
                    path: {
                        t: number;
                        x: number;
                    }[];
                    /** @description Its window's width, pixels of source.content; null: the picture's width shared among the panels (at most its height times the cell's shape). */
                    w: number | null;
                    /** @description Where the panel looks across while it does not move (`path` empty): its window's centre, pixels of source.content. */
                    x: number;
                    /** @description The height its window is centred on, pixels of source.content. */
                    y: number;
                }[] | null;
                /** @description What is kept of the range, in order: each piece's source seconds and where it plays on the clip's own timeline (clip seconds). One piece when nothing was cut. */
                pieces: {
                    clip_end: number;
                    clip_start: number;
                    source_end: number;
                    source_start: number;
                }[];
                /** @description The source range the clip is cut from, and the part of the source frame it frames. */
                source: {
                    /** @description The picture inside the source's own black bars (the bars crop), source pixels; the whole frame when it has none. Crop windows are in this rectangle's pixels. */
                    content: {
                        h: number;
                        w: number;
                        x: number;
                        y: number;
                    };
                    /** @description Where it ends, seconds. */
                    end: number;
                    /** @description The source's displayed frame size (after rotation), pixels; null for clips rendered before Katto recorded it. */
                    size: {
                        height: number;
                        width: number;
                    } | null;
                    /** @description Where the clip's range starts in the source, seconds. */
                    start: number;
                };
                /** @enum {number} */
                version: 1;
                /** @description The words spoken, clip seconds (cut words left out). */
                words: {
                    end: number;
                    start: number;
                    word: string;
                }[];
                /** @description Punch-in zooms, clip seconds: full at `scale` between smoothstep eases of 0.3 s (at most half the zoom) at each end, centred on the point x, y (fractions of the output frame, the face's centre) and kept inside the frame. */
                zooms: {
                    end: number;
                    scale: number;
                    start: number;
                    x: number;
                    y: number;
                }[];
            } | null;
        };
        RerenderCreated: {
            rerender_id: string;
            /** @enum {string} */
            status: "queued";
            /** Format: uri */
            status_url: string;
        };
        RerenderRequest: {
            /**
             * @description Render the new version in this shape (free, like every re-render); absent: the shape the clip has now.
             * @example 1:1
             * @enum {string}
             */
            aspect?: "9:16" | "1:1" | "4:5" | "16:9";
            /**
             * @description One of bold_pop, karaoke, boxed, minimal, none (max 40 characters).
             * @example karaoke
             */
            caption_style?: string;
            /**
             * @description refresh: caption the new version with the transcript as corrected now (PATCH /jobs/{id}/transcript).
             * @enum {string}
             */
            captions?: "refresh";
            dub?: ("en" | "es" | "fr" | "it" | "pt" | "hi" | "ja" | "zh")[];
            /** @enum {string} */
            layout_mode?: "face_tracking" | "wide" | "split_screen" | "stacked" | "passthrough" | "grid_3" | "grid_4" | "screen";
            style?: components["schemas"]["Style"];
        };
        ReserveUploadRequest: {
            /** @enum {string} */
            content_type: "video/mp4" | "video/quicktime" | "video/webm" | "video/x-matroska";
            filename: string;
            /** @description Bytes. Cap: 1 GB on free, 5 GB on creator. */
            size: number;
        };
        ScorePartEvidence: {
            /** @description The part's default weight. */
            default_weight: number;
            /**
             * @description helps / hurts: more of this part went with more / fewer views, beyond noise (its own test and the parts' joint test at 5 %). none: the numbers cannot tell it from noise (or it never varied); its weight stays at the default.
             * @enum {string}
             */
            evidence: "helps" | "hurts" | "none";
            /** @description How far the weight moved from the default towards the data's share: 0 (default kept) to 1 (the data's share). */
            learned_share: number;
        };
        SegmentEdit: {
            /** @description The segment's index in `segments` of the revision being edited. */
            segment: number;
            /** @description The segment's new text: aligned word by word to the segment's words, which keep their times; new words share their neighbours' time. */
            text: string;
        };
        /** @description A clip's creator style, every field optional. On a job (config.style) it overrides the default brand kit's style field by field; on a re-render it overrides the style the clip was rendered with. Unknown fields are refused. */
        Style: {
            /**
             * @description library: short cutaways (1.5-3 s each, at most a third of the clip) to the account's own B-roll (/broll) over moments whose words match an asset's keywords; stock: the same from the stock-footage provider the operator enabled (refused when none is); none: no cutaways.
             * @enum {string}
             */
            broll?: "none" | "library" | "stock";
            /**
             * @description Burned-in captions and SRT translated into this language, sentence by sentence, with the dub's translation engines (offline: English to and from Spanish, French, Italian and Portuguese; Hindi, Japanese and Chinese need Workers AI on the render backend). When no engine translates the pair, a job fails before rendering any clip, refunded, its error naming what the operator must configure; a re-render fails the same way and the clip keeps its current version. Each translated sentence is spread over the time the original sentence is spoken. The spoken-language SRT stays available as captions_original_url. Same as the spoken language: nothing is translated.
             * @enum {string}
             */
            caption_language?: "en" | "es" | "fr" | "it" | "pt" | "hi" | "ja" | "zh";
            /** @description Lines per caption: 1 or 2. */
            caption_lines?: 1 | 2;
            /** @description true: a colour emoji above a caption's key word where one fits its meaning, at most one per caption and never on two captions in a row. */
            emoji?: boolean;
            /**
             * @description keywords: key words (named things, numbers, strong verbs and adjectives) drawn larger in the brand kit's accent colour; none: plain captions.
             * @enum {string}
             */
            emphasis?: "none" | "keywords";
            /** @description true: the clip's title as a title card over its first 2.5 seconds, placed off the speaker's face. */
            hook_title?: boolean;
            /** @description true: filler words the transcript shows (um, uh, er, erm, hmm; "you know" and "like" only when set off by pauses or commas and carrying no meaning), and hesitations heard in the sound between words that it leaves out (a held or standalone um/uh, named "voiced hesitation"), cut out with the hesitation around them, leaving at most a 0.25 s pause. Engines that take a prompt are asked to write fillers down. */
            remove_fillers?: boolean;
            /** @description true: pauses longer than 0.6 s (audio 25 dB under the clip's speech, no word spoken) shortened to 0.25 s by jump cuts in their quietest middle; captions, SRT and word times follow the shorter clip. */
            remove_silences?: boolean;
            /** @description At most this many words on screen at once, 1 to 8; the SRT cues follow the same grouping. */
            words_per_caption?: number;
            /**
             * @description punch_in: smooth 1.15-1.25x punch-ins, eased in and out, on key words and where the tracked camera settles on another speaker, centred on the face and never cropping it, at most one every 4 seconds (none in split-screen and grid layouts); none: no zooms.
             * @enum {string}
             */
            zoom?: "none" | "punch_in";
        };
        Transcript: {
            /** Format: date-time */
            created_at: string;
            /** @description The speech engine and model that made the transcript: pocketsphinx (the offline engine: a rough transcript), workers-ai:<model>, openai:<model> (any OpenAI-compatible server), whisper-cpp:<model>; joined with + when a fallback transcribed part of it. null for transcripts made before engines named themselves. */
            engine: string | null;
            /** Format: uuid */
            job_id: string;
            /** @description The main spoken language (the one spoken longest), as a code such as en (ISO 639-1 where there is one); null when it could not be told. Each segment names its own. */
            lang: string | null;
            /** @description 0 as transcribed; each accepted PATCH /jobs/{id}/transcript adds 1. Name it in the next PATCH, which is refused with 409 when another edit landed first. */
            revision: number;
            segments: {
                end: number;
                /** @description This segment's own language (ISO 639-1), for sources that mix languages: captions and titles of the segment follow it. Left out when the engine and the text could not tell. */
                lang?: string;
                start: number;
                text: string;
            }[];
            /**
             * @description engine: word times come from the speech engine; segments: the engine gave times per segment only, and each segment's words were spread over its voiced span (times are estimates).
             * @enum {string}
             */
            word_timing: "engine" | "segments";
            /** @description Every recognised word with its times, the words captions and clips are cut from. */
            words: {
                /** @description The engine's confidence in the word, 0 to 1; left out when the engine gives none (OpenAI's whisper-1, Workers AI). */
                confidence?: number;
                end: number;
                /** @description Seconds from the start of the source. */
                start: number;
                text: string;
            }[];
        };
        TranscriptEditRequest: {
            edits: (components["schemas"]["WordEdit"] | components["schemas"]["SegmentEdit"])[];
            /**
             * @description The revision these edits were made against; 409 when another edit landed first.
             * @example 0
             */
            revision: number;
        };
        TrimCreated: {
            /** @description The new end in the source as snapped, seconds. */
            end: number;
            rerender_id: string;
            /** @description The new start in the source as snapped, seconds. */
            start: number;
            /** @enum {string} */
            status: "queued";
            /** Format: uri */
            status_url: string;
        };
        /** @description The clip's new range; after snapping it must lie in the source and be 3 to 180 seconds long. */
        TrimRequest: {
            /** @description New end in the source, seconds; snapped to the nearest pause between words. */
            end?: number;
            /** @description End just after this word (an index of the transcript's words), instead of end. */
            end_word?: number;
            /** @description New start in the source, seconds; snapped to the nearest pause between words. */
            start?: number;
            /** @description Start just before this word (an index of the transcript's words), instead of start. */
            start_word?: number;
        };
        UploadReservation: {
            /** Format: uri */
            complete_url: string;
            /** @example 7200 */
            expires_in: number;
            headers: {
                "Content-Type": string;
            } & {
                [key: string]: string;
            };
            /** Format: uuid */
            job_id: string;
            /** @enum {string} */
            method: "PUT";
            /** Format: uri */
            upload_url: string;
        };
        Usage: {
            /** @description free, creator, pro or internal. */
            plan: string;
            videos_limit: number;
            videos_remaining: number;
            videos_used: number;
        };
        WebhookDetails: {
            /** @example hmac-sha256 */
            scheme: string;
            /** @example X-Service-Signature */
            signature_header: string;
            signing_secret: string;
            /** @example X-Service-Timestamp */
            timestamp_header: string;
        };
        WordEdit: {
            /** @description The word's index in `words` of the revision being edited. */
            index: number;
            /** @description The word's new text; "" deletes the word; several words share its time. */
            text: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listBrandKits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Zero or more brand kits. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandKitList"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBroll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The library. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrollList"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBrollUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "filename": "coffee.jpg",
                 *       "content_type": "image/jpeg",
                 *       "size": 482113,
                 *       "keywords": [
                 *         "coffee",
                 *         "morning routine"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateBrollRequest"];
            };
        };
        responses: {
            /** @description Started: PUT the file, then complete. */
            201: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrollUpload"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteBroll: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrollDeleted"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    completeBrollUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description In the library (status ready). */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrollAsset"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConnections: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every platform. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionList"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "platform": "youtube"
                 *     }
                 */
                "application/json": components["schemas"]["CreateConnectionBody"];
            };
        };
        responses: {
            /** @description Authorization URL to open in a browser. */
            201: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionStarted"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                platform: components["schemas"]["Platform"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Disconnected. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Disconnected"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInsights: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fitted weights, or how many more posts are needed. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Insights"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listJobs: {
        parameters: {
            query?: {
                /** @description The next_cursor of a previous response (a date-time). */
                cursor?: string;
                limit?: number;
                status?: "queued" | "processing" | "scoring" | "completed" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobs. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobList"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. A fresh unique value per distinct submission, reused when retrying it. Remembered for at least 24 hours, per API key. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
                 *       "webhook_url": "https://example.com/hooks/katto",
                 *       "config": {
                 *         "clipLength": "30_60",
                 *         "topics": "pricing, hiring"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateJobRequest"];
            };
        };
        responses: {
            /** @description Idempotent replay: the original job; nothing new was created or charged. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobCreated"];
                };
            };
            /** @description Job accepted and queued. */
            201: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobCreated"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job was cancelled. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobCancelled"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCandidates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The left-out candidates. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The moments left out: those not overlapping a clip first, each group best-scored first; at most 200. */
                        candidates: {
                            end: number;
                            id: string;
                            /** @description The clip it was made into (POST .../promote); null until promoted. */
                            promoted_clip_index: number | null;
                            /**
                             * @description overlap: it overlaps a clip in time (or repeats its words); below_cutoff: it scored below the clips chosen when the job aimed for fewer than its limit; too_short: the whole thought is shorter than the clipLength asked; max_clips: it fit, but the job already had its most clips; outside_speech: a chat model (KATTO_SCORER=openai) proposed a range where nothing is spoken; below_floor: it scored under the quality floor (40) and min_clips did not ask for it; no_speech / mostly_silent: it was rendered as a clip and dropped for its measured quality (no speech, or speech in under 35 % of it; also in the job's `dropped`).
                             * @enum {string}
                             */
                            reason: "overlap" | "below_cutoff" | "too_short" | "max_clips" | "outside_speech" | "below_floor" | "no_speech" | "mostly_silent";
                            score: number;
                            /** @description Where the moment starts in the source, seconds. */
                            start: number;
                            subscores: {
                                /** @description Clean, self-contained delivery (few fillers, no dead air, starts and ends on a thought), 0 to 100. */
                                flow: number;
                                /** @description Does the opening grab attention (a question, a number, a claim), 0 to 100. */
                                hook: number;
                                /** @description Emotional pull and fit for short video, 0 to 100. */
                                trend: number;
                                /** @description Useful or interesting content, 0 to 100. */
                                value: number;
                            };
                        }[];
                        /** Format: uuid */
                        job_id: string;
                    };
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    promoteCandidate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                candidate_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted and queued. */
            202: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The index the clip will have among the job's clips. */
                        clip_index: number;
                        /** @description The end as snapped, seconds. */
                        end: number;
                        /** @description The start as snapped to a pause between words, seconds. */
                        start: number;
                        /** @enum {string} */
                        status: "queued";
                        /**
                         * Format: uri
                         * @description The job's URL: the clip appears in its `clips` once rendered, and `manual_clips` follows it meanwhile.
                         */
                        status_url: string;
                    };
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getClips: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clips. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClipList"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createClip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "start": 12.5,
                 *       "end": 41,
                 *       "title": "Why the bridge carries nine thousand cars"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Where the clip ends in the source, seconds; snapped likewise.
                     * @example 41
                     */
                    end: number;
                    /**
                     * @description How to frame it; absent: chosen as the job's clips are (face tracking, split screen...).
                     * @enum {string}
                     */
                    layout_mode?: "face_tracking" | "wide" | "split_screen" | "stacked" | "passthrough" | "grid_3" | "grid_4" | "screen";
                    /**
                     * @description Where the clip starts in the source, seconds; snapped to the nearest pause between words.
                     * @example 12.5
                     */
                    start: number;
                    /** @description The creator style, over the job's field by field. */
                    style?: {
                        /**
                         * @description library: short cutaways (1.5-3 s each, at most a third of the clip) to the account's own B-roll (/broll) over moments whose words match an asset's keywords; stock: the same from the stock-footage provider the operator enabled (refused when none is); none: no cutaways.
                         * @enum {string}
                         */
                        broll?: "none" | "library" | "stock";
                        /**
                         * @description Burned-in captions and SRT translated into this language, sentence by sentence, with the dub's translation engines (offline: English to and from Spanish, French, Italian and Portuguese; Hindi, Japanese and Chinese need Workers AI on the render backend). When no engine translates the pair, a job fails before rendering any clip, refunded, its error naming what the operator must configure; a re-render fails the same way and the clip keeps its current version. Each translated sentence is spread over the time the original sentence is spoken. The spoken-language SRT stays available as captions_original_url. Same as the spoken language: nothing is translated.
                         * @enum {string}
                         */
                        caption_language?: "en" | "es" | "fr" | "it" | "pt" | "hi" | "ja" | "zh";
                        /** @description Lines per caption: 1 or 2. */
                        caption_lines?: 1 | 2;
                        /** @description true: a colour emoji above a caption's key word where one fits its meaning, at most one per caption and never on two captions in a row. */
                        emoji?: boolean;
                        /**
                         * @description keywords: key words (named things, numbers, strong verbs and adjectives) drawn larger in the brand kit's accent colour; none: plain captions.
                         * @enum {string}
                         */
                        emphasis?: "none" | "keywords";
                        /** @description true: the clip's title as a title card over its first 2.5 seconds, placed off the speaker's face. */
                        hook_title?: boolean;
                        /** @description true: filler words the transcript shows (um, uh, er, erm, hmm; "you know" and "like" only when set off by pauses or commas and carrying no meaning), and hesitations heard in the sound between words that it leaves out (a held or standalone um/uh, named "voiced hesitation"), cut out with the hesitation around them, leaving at most a 0.25 s pause. Engines that take a prompt are asked to write fillers down. */
                        remove_fillers?: boolean;
                        /** @description true: pauses longer than 0.6 s (audio 25 dB under the clip's speech, no word spoken) shortened to 0.25 s by jump cuts in their quietest middle; captions, SRT and word times follow the shorter clip. */
                        remove_silences?: boolean;
                        /** @description At most this many words on screen at once, 1 to 8; the SRT cues follow the same grouping. */
                        words_per_caption?: number;
                        /**
                         * @description punch_in: smooth 1.15-1.25x punch-ins, eased in and out, on key words and where the tracked camera settles on another speaker, centred on the face and never cropping it, at most one every 4 seconds (none in split-screen and grid layouts); none: no zooms.
                         * @enum {string}
                         */
                        zoom?: "none" | "punch_in";
                    };
                    /** @description The clip's title; absent: written from its words like the job's clips. */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Accepted and queued. */
            202: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The index the clip will have among the job's clips. */
                        clip_index: number;
                        /** @description The end as snapped, seconds. */
                        end: number;
                        /** @description The start as snapped to a pause between words, seconds. */
                        start: number;
                        /** @enum {string} */
                        status: "queued";
                        /**
                         * Format: uri
                         * @description The job's URL: the clip appears in its `clips` once rendered, and `manual_clips` follows it meanwhile.
                         */
                        status_url: string;
                    };
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishClip: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. A fresh unique value per distinct submission, reused when retrying it. Remembered for at least 24 hours, per API key. */
                "Idempotency-Key"?: string;
            };
            path: {
                clip_index: number | null;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "platform": "youtube",
                 *       "caption": "The moment it clicked #shorts",
                 *       "title": "It clicked",
                 *       "privacy": "public",
                 *       "scheduled_at": "2026-11-24T17:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["CreatePublicationBody"];
            };
        };
        responses: {
            /** @description Idempotent replay: the original publication; nothing new was posted. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Publication"] & {
                        /** @enum {boolean} */
                        idempotent_replay: true;
                    };
                };
            };
            /** @description Accepted: scheduled or queued. */
            201: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Publication"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    editClip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                index: number | null;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Why a pendulum's period does not depend on its mass.",
                 *       "hashtags": [
                 *         "#physics",
                 *         "#pendulum"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["EditClipRequest"];
            };
        };
        responses: {
            /** @description The clip with its edited post copy. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clip"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportClip: {
        parameters: {
            query: {
                format: "mlt" | "fcpxml" | "otio" | "edl";
                source?: "url" | "file";
                /** @description Which version of the clip: "original" (its first render, the clip's own url) or a re-render's id (rerender_id, rr_...). Left out: the newest completed version (the last re-render or trim that completed, else the original). */
                version?: string;
            };
            header?: never;
            path: {
                id: string;
                index: number | null;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project file. */
            200: {
                headers: {
                    /** @description The clip version the project holds: "original" or a re-render id. */
                    "Katto-Version"?: string;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                    "application/xml": string;
                    "text/plain": string;
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rerenderClip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                index: number | null;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "layout_mode": "wide",
                 *       "caption_style": "karaoke"
                 *     }
                 */
                "application/json": components["schemas"]["RerenderRequest"];
            };
        };
        responses: {
            /** @description Accepted and queued. */
            202: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RerenderCreated"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    trimClip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                index: number | null;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "start": 12.4,
                 *       "end": 41
                 *     }
                 */
                "application/json": components["schemas"]["TrimRequest"];
            };
        };
        responses: {
            /** @description Accepted and queued, with the snapped range. */
            202: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrimCreated"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRerender: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                rerender_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The re-render. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rerender"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJobSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to download the source. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the signed link stops working; null for a job made from a link (Katto keeps no copy of it).
                         */
                        expires_at: string | null;
                        /** @description The name to save the source under: the name a project exported with source=file refers to. */
                        file_name: string;
                        /**
                         * @description upload: Katto holds the file and signs a link to it; link: the job was made from this URL, which Katto does not copy (a platform page such as YouTube needs a downloader such as yt-dlp).
                         * @enum {string}
                         */
                        kind: "upload" | "link";
                        /**
                         * Format: uri
                         * @description Where to download the source: a signed link to the uploaded file (no API key needed, expires at expires_at), or for a job made from a link, that link as given.
                         */
                        url: string;
                    };
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTranscript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transcript. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transcript"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    editTranscript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "revision": 0,
                 *       "edits": [
                 *         {
                 *           "index": 12,
                 *           "text": "Katto"
                 *         },
                 *         {
                 *           "index": 13,
                 *           "text": ""
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["TranscriptEditRequest"];
            };
        };
        responses: {
            /** @description The corrected transcript, at its new revision. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transcript"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account behind the key. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPublications: {
        parameters: {
            query?: {
                /** @description The next_cursor of a previous response. */
                cursor?: string;
                job_id?: string;
                limit?: number;
                status?: components["schemas"]["PublicationStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of publications. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicationList"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPublication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The publication. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Publication"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelPublication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Publication"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reserveUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "filename": "podcast-ep12.mp4",
                 *       "content_type": "video/mp4",
                 *       "size": 734003200
                 *     }
                 */
                "application/json": components["schemas"]["ReserveUploadRequest"];
            };
        };
        responses: {
            /** @description Reserved. */
            201: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadReservation"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    completeUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "config": {
                 *         "clipLength": "lt30"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CompleteUploadRequest"];
            };
        };
        responses: {
            /** @description Queued. */
            201: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobCreated"];
                };
            };
            /** @description Invalid input: the message says which field and why. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not owned by the caller. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: a duplicate request is in flight, or the resource is not in a state that allows this. */
            409: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage of the current period. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookDetails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How to verify completion callbacks. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDetails"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the required scope, or the monthly video quota is used up. */
            403: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: retry after the Retry-After header's seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Server error. */
            500: {
                headers: {
                    /** @description Requests allowed in the current window for the limit that applies. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
