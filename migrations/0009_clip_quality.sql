ALTER TABLE `clips` ADD `quality` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `dropped` text;--> statement-breakpoint
ALTER TABLE `rerenders` ADD `quality` text;