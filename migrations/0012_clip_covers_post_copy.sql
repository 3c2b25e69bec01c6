ALTER TABLE `clips` ADD `cover_key` text;--> statement-breakpoint
ALTER TABLE `clips` ADD `cover_time_s` real;--> statement-breakpoint
ALTER TABLE `clips` ADD `description` text;--> statement-breakpoint
ALTER TABLE `clips` ADD `hashtags` text;--> statement-breakpoint
ALTER TABLE `rerenders` ADD `cover_key` text;--> statement-breakpoint
ALTER TABLE `rerenders` ADD `cover_time_s` real;