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
ALTER TABLE `jobs` ADD `score_weights` text;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_status` text;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_reason` text;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_next` text;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_due_ms` integer;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_tries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `publications` ADD `metrics_dispatched_ms` integer;--> statement-breakpoint
CREATE INDEX `publications_metrics_due` ON `publications` (`metrics_status`,`metrics_due_ms`);