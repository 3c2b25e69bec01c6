ALTER TABLE `clips` ADD `hd_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `clips` ADD `hd_due_at` text;--> statement-breakpoint
CREATE INDEX `clips_hd_due` ON `clips` (`hd_due_at`);--> statement-breakpoint
ALTER TABLE `jobs` ADD `mezzanines_dropped` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `jobs_fanout_stopped` ON `jobs` (`hd_mode`,`mezzanines_dropped`,`status`);