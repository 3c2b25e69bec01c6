ALTER TABLE `transcripts` ADD `engine` text;--> statement-breakpoint
ALTER TABLE `transcripts` ADD `word_timing` text;