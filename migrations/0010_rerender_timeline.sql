ALTER TABLE `rerenders` ADD `style` text;--> statement-breakpoint
ALTER TABLE `rerenders` ADD `edits` text;--> statement-breakpoint
ALTER TABLE `rerenders` ADD `timeline` text;