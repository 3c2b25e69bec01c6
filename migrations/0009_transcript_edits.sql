ALTER TABLE `rerenders` ADD `start_s` real;--> statement-breakpoint
ALTER TABLE `rerenders` ADD `end_s` real;--> statement-breakpoint
ALTER TABLE `transcripts` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `transcripts` ADD `source_duration` real;