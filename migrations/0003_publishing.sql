CREATE TABLE `connection_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`verifier_sealed` text,
	`return_to` text,
	`expires_ms` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `connections` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`status` text NOT NULL,
	`status_reason` text,
	`platform_account_id` text NOT NULL,
	`handle` text NOT NULL,
	`restriction` text,
	`extra` text,
	`scopes` text NOT NULL,
	`tokens_sealed` text NOT NULL,
	`key_id` text NOT NULL,
	`expires_ms` integer,
	`refresh_expires_ms` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connections_account_platform` ON `connections` (`account_id`,`platform`);--> statement-breakpoint
CREATE INDEX `connections_expiry` ON `connections` (`status`,`expires_ms`);--> statement-breakpoint
CREATE TABLE `publications` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`platform` text NOT NULL,
	`job_id` text NOT NULL,
	`clip_index` integer NOT NULL,
	`status` text NOT NULL,
	`caption` text NOT NULL,
	`title` text,
	`privacy` text NOT NULL,
	`scheduled_ms` integer,
	`dispatched_ms` integer,
	`video_key` text,
	`step_state` text,
	`step_attempt` integer DEFAULT 0 NOT NULL,
	`attempted` integer DEFAULT false NOT NULL,
	`retries` integer DEFAULT 0 NOT NULL,
	`lease_token` text,
	`lease_until_ms` integer,
	`post_id` text,
	`post_url` text,
	`error` text,
	`advice` text,
	`webhook_url` text,
	`created_ms` integer NOT NULL,
	`updated_at` text NOT NULL,
	`published_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `publications_account_created` ON `publications` (`account_id`,`created_ms`);--> statement-breakpoint
CREATE INDEX `publications_status_scheduled` ON `publications` (`status`,`scheduled_ms`);--> statement-breakpoint
CREATE INDEX `publications_connection_status` ON `publications` (`connection_id`,`status`);