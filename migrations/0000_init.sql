CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`plan` text NOT NULL,
	`created_at` text NOT NULL,
	`period_start` text,
	`videos_used` integer DEFAULT 0 NOT NULL,
	`refunds_used` integer DEFAULT 0 NOT NULL,
	`webhook_secret_enc` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email` ON `accounts` (`email`);--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text,
	`key_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_account` ON `api_keys` (`account_id`);--> statement-breakpoint
CREATE TABLE `brand_kits` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`primary_color` text NOT NULL,
	`accent_color` text NOT NULL,
	`caption_font` text NOT NULL,
	`caption_position` text NOT NULL,
	`default_layout` text NOT NULL,
	`watermark_url` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `brand_kits_account` ON `brand_kits` (`account_id`);--> statement-breakpoint
CREATE TABLE `clips` (
	`job_id` text NOT NULL,
	`clip_index` integer NOT NULL,
	`title` text,
	`score` real,
	`subscores` text,
	`justification` text,
	`start_s` real NOT NULL,
	`end_s` real NOT NULL,
	`video_key` text NOT NULL,
	`captions_key` text,
	`hd` integer DEFAULT false NOT NULL,
	`metadata` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`job_id`, `clip_index`),
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`status` text NOT NULL,
	`progress_step` text NOT NULL,
	`progress_pct` real DEFAULT 0 NOT NULL,
	`source` text NOT NULL,
	`source_url` text NOT NULL,
	`config` text,
	`webhook_url` text,
	`error` text,
	`hd_ready` integer DEFAULT false NOT NULL,
	`charged` integer DEFAULT false NOT NULL,
	`refunded` integer DEFAULT false NOT NULL,
	`created_ms` integer NOT NULL,
	`updated_at` text NOT NULL,
	`completed_at` text,
	`upload_key` text,
	`upload_filename` text,
	`upload_content_type` text,
	`upload_size` integer,
	`upload_expires_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_account_created` ON `jobs` (`account_id`,`created_ms`);--> statement-breakpoint
CREATE INDEX `jobs_account_status_created` ON `jobs` (`account_id`,`status`,`created_ms`);--> statement-breakpoint
CREATE INDEX `jobs_upload_expiry` ON `jobs` (`status`,`upload_expires_at`);--> statement-breakpoint
CREATE TABLE `rerenders` (
	`id` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`clip_index` integer NOT NULL,
	`status` text NOT NULL,
	`params` text NOT NULL,
	`video_key` text,
	`captions_key` text,
	`duration` real,
	`error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rerenders_job` ON `rerenders` (`job_id`);--> statement-breakpoint
CREATE TABLE `transcripts` (
	`job_id` text PRIMARY KEY NOT NULL,
	`lang` text,
	`segments` text NOT NULL,
	`words` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`url` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_status_code` integer,
	`last_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_job` ON `webhook_deliveries` (`job_id`);