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
        post?: never;
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
        patch?: never;
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
        BrandKit: {
            /**
             * @description Colour of the spoken word highlight, #RRGGBB.
             * @example #FFD400
             */
            accent_color: string;
            /**
             * @description One of the fonts shipped with the renderer.
             * @enum {string}
             */
            caption_font: "Noto Sans" | "Noto Serif" | "DejaVu Sans" | "Noto Sans CJK SC" | "Noto Sans Devanagari" | "Noto Sans Arabic";
            /** @enum {string} */
            caption_position: "top" | "middle" | "bottom";
            /** @enum {string} */
            default_layout: "face_tracking" | "wide" | "split_screen" | "stacked" | "passthrough" | "grid_3" | "grid_4";
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
        Clip: {
            /** @description The clip's parts weighted with this account's fitted weights (config.score_with "account"), 0 to 100; the clips are then ranked by it. null for jobs scored with the default weights. */
            account_score: number | null;
            /**
             * Format: uri
             * @description SRT captions.
             */
            captions_url: string | null;
            /** @description 0-based position; 0 is the highest score. */
            clip_index: number;
            /** @description Length of the clip, seconds (end - start). */
            duration: number;
            edits: components["schemas"]["ClipEdits"];
            /** @description Where the clip ends in the source video, seconds. */
            end: number;
            /** @description True once the 1080p render has landed. */
            hd: boolean;
            /** @description Why the clip scored as it did, in a sentence or two quoting it. */
            justification: string | null;
            /** @description How the 9:16 frame was composed on the first render: wide, center_crop, face_tracking, passthrough, split_screen, stacked, grid_3 or grid_4. Null for clips stored without it. */
            layout: string | null;
            /** @description Virality score, 0 to 100. */
            score: number | null;
            /** @description Where the clip starts in the source video, seconds. */
            start: number;
            style: components["schemas"]["Style"] & unknown;
            subscores: components["schemas"]["ClipSubscores"];
            /** @description A short title for the clip; null when it has none. */
            title: string | null;
            /**
             * Format: uri
             * @description 9:16 MP4 (1080x1920 once `hd` is true).
             */
            url: string;
        };
        /** @description What the style did to this clip: key words emphasised, emoji shown, zooms, cuts (source seconds), B-roll cutaways and the hook title card, times in seconds on the clip's own timeline; empty lists (and title_card null) where an option was off or found nothing to do. */
        ClipEdits: {
            broll: {
                asset: string;
                end: number;
                start: number;
            }[];
            cuts: {
                /** @enum {string} */
                reason: "silence" | "filler";
                source_end: number;
                source_start: number;
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
                /** Format: uri */
                captions_url: string | null;
                /** @description Length of the clip, seconds (end - start). */
                duration: number;
                edits: components["schemas"]["ClipEdits"];
                /** @description Where the clip ends in the source video, seconds. */
                end: number;
                /** @description Why the clip scored as it did, in a sentence or two quoting it. */
                justification: string | null;
                /** @description How the 9:16 frame was composed on the first render: wide, center_crop, face_tracking, passthrough, split_screen, stacked, grid_3 or grid_4. Null for clips stored without it. */
                layout: string | null;
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
            /**
             * @description Clip duration bucket: lt30 (8–30 s), 30_60 (30–60 s), 60_90 (60–90 s), 90_180 (90–180 s).
             * @enum {string}
             */
            clipLength?: "lt30" | "30_60" | "60_90" | "90_180";
            customPrompt?: string;
            /**
             * @description Free string; known values tune scoring weights: podcast, education, interview, gaming, comedy, news, sports, vlog.
             * @example podcast
             */
            genre?: string;
            /**
             * @description Which weights rank the clips. "default" (or absent): the service's weights. "account": the weights GET /insights fitted on this account's published clips, frozen when the job is created; each clip then shows `account_score` beside its default `score` and the clips are ranked by it. Refused (409) while the account has fewer than 10 published clips with 7-day numbers.
             * @enum {string}
             */
            score_with?: "default" | "account";
            style?: components["schemas"]["Style"];
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
            caption: string;
            platform: components["schemas"]["Platform"] & unknown;
            privacy?: components["schemas"]["PrivacyLevel"] & unknown;
            /**
             * Format: date-time
             * @description Post at this time (within a minute); omitted or past: now.
             */
            scheduled_at?: string;
            /** @description Platforms with a title (YouTube); others ignore it. */
            title?: string;
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
            /** @description The account's weights for the four score parts, positive and summing to 1 (what config.score_with: "account" ranks with). */
            score_weights: {
                flow: number;
                hook: number;
                trend: number;
                value: number;
            };
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
            /** @description Why the job failed, in a sentence a person can act on; null unless status is failed. */
            error: string | null;
            hd_ready: boolean;
            /** Format: uuid */
            id: string;
            progress: {
                pct: number;
                /** @description queued, downloading, probing, transcribing, selecting, scoring, rendering, uploading, done, failed, cancelled */
                step: string;
            };
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
             * @description clip_framing_simplified: the clip's planned framing failed to render, so it was rendered with a still centre crop (or the whole frame of a vertical source). clip_left_out: a selected clip could not be rendered at all and is not among `clips`.
             * @enum {string}
             */
            code: "clip_framing_simplified" | "clip_left_out";
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
            /** Format: uri */
            captions_url: string | null;
            /**
             * Format: uri
             * @description Populated when completed; a new versioned URL (the original clip URL is unchanged).
             */
            clip_url: string | null;
            /** @description Length of the new clip, seconds; null until completed. */
            duration: number | null;
            /** @description Why the re-render failed; null unless status is failed. */
            error: string | null;
            rerender_id: string;
            /** @enum {string} */
            status: "queued" | "processing" | "completed" | "failed";
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
             * @description One of bold_pop, karaoke, boxed, minimal, none (max 40 characters).
             * @example karaoke
             */
            caption_style?: string;
            dub?: ("en" | "es" | "fr" | "it" | "pt" | "hi" | "ja" | "zh")[];
            /** @enum {string} */
            layout_mode?: "face_tracking" | "wide" | "split_screen" | "stacked" | "passthrough" | "grid_3" | "grid_4";
            style?: components["schemas"]["Style"];
        };
        ReserveUploadRequest: {
            /** @enum {string} */
            content_type: "video/mp4" | "video/quicktime" | "video/webm" | "video/x-matroska";
            filename: string;
            /** @description Bytes. Cap: 1 GB on free, 5 GB on creator. */
            size: number;
        };
        /** @description A clip's creator style, every field optional. On a job (config.style) it overrides the default brand kit's style field by field; on a re-render it overrides the style the clip was rendered with. Unknown fields are refused. */
        Style: {
            /**
             * @description library or stock: short B-roll cutaways over matching words (not available yet: only none is accepted).
             * @enum {string}
             */
            broll?: "none" | "library" | "stock";
            /**
             * @description Burned-in captions and SRT translated into this language (not available yet: refused when set).
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
            /** @description true: filler words (um, uh, er) cut out (not available yet: only false is accepted). */
            remove_fillers?: boolean;
            /** @description true: pauses over 0.6 s inside the clip shortened to 0.25 s (not available yet: only false is accepted). */
            remove_silences?: boolean;
            /** @description At most this many words on screen at once, 1 to 8; the SRT cues follow the same grouping. */
            words_per_caption?: number;
            /**
             * @description punch_in: smooth 1.15-1.3x punch-ins on emphasised words and speaker changes (not available yet: only none is accepted).
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
            /** @description The spoken language detected, as a code such as en (ISO 639-1 where there is one); null when it could not be told. */
            lang: string | null;
            segments: {
                end: number;
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
