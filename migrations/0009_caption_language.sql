ALTER TABLE `clips` ADD `captions_original_key` text;--> statement-breakpoint
ALTER TABLE `rerenders` ADD `captions_original_key` text;