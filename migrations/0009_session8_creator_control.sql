CREATE TABLE `broll_assets` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`keywords` text NOT NULL,
	`status` text NOT NULL,
	`upload_expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `broll_assets_account` ON `broll_assets` (`account_id`,`status`);--> statement-breakpoint
CREATE TABLE `clip_candidates` (
	`id` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`rank` integer NOT NULL,
	`start_s` real NOT NULL,
	`end_s` real NOT NULL,
	`score` real NOT NULL,
	`subscores` text NOT NULL,
	`reason` text NOT NULL,
	`promoted_clip_index` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `clip_candidates_job` ON `clip_candidates` (`job_id`,`rank`);--> statement-breakpoint
CREATE TABLE `manual_clips` (
	`job_id` text NOT NULL,
	`clip_index` integer NOT NULL,
	`status` text NOT NULL,
	`start_s` real NOT NULL,
	`end_s` real NOT NULL,
	`params` text NOT NULL,
	`candidate_id` text,
	`error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`job_id`, `clip_index`),
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `publication_readings` (
	`publication_id` text NOT NULL,
	`account_id` text NOT NULL,
	`window` text NOT NULL,
	`fetched_at` text NOT NULL,
	`views` integer,
	`likes` integer,
	`comments` integer,
	`shares` integer,
	`avg_watch_time_s` real,
	`retention` real,
	PRIMARY KEY(`publication_id`, `window`),
	FOREIGN KEY (`publication_id`) REFERENCES `publications`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `publication_readings_account_window` ON `publication_readings` (`account_id`,`window`);--> statement-breakpoint
ALTER TABLE `clips` ADD `captions_original_key` text;--> statement-breakpoint
ALTER TABLE `clips` ADD `quality` text;--> statement-breakpoint
ALTER TABLE `clips` ADD `origin` text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `dropped` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `source_duration` real;--> statement-breakpoint
ALTER TABLE `jobs` ADD `score_weights` text;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_status` text;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_reason` text;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_next` text;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_due_ms` integer;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_tries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_dispatched_ms` integer;--> statement-breakpoint
CREATE INDEX `publications_metrics_due` ON `publications` (`metrics_status`,`metrics_due_ms`);--> statement-breakpoint
ALTER TABLE `rerenders` ADD `start_s` real;--> statement-breakpoint
ALTER TABLE `rerenders` ADD `end_s` real;--> statement-breakpoint
ALTER TABLE `rerenders` ADD `captions_original_key` text;--> statement-breakpoint
ALTER TABLE `rerenders` ADD `quality` text;--> statement-breakpoint
ALTER TABLE `transcripts` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `transcripts` ADD `source_duration` real;