CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`last_seen` text NOT NULL,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_account` ON `sessions` (`account_id`);--> statement-breakpoint
CREATE TABLE `sign_in_failures` (
	`subject` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`last_failure_at` text NOT NULL,
	`blocked_until` text
);
--> statement-breakpoint
CREATE TABLE `sign_in_links` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_links_token_hash` ON `sign_in_links` (`token_hash`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `password_hash` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `password_salt` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `password_algorithm` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `password_iterations` integer;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `last_used_at` text;