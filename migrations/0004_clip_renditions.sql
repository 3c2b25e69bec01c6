CREATE TABLE `clip_renditions` (
	`job_id` text NOT NULL,
	`clip_index` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`source_key` text NOT NULL,
	`video_key` text,
	`requested_ms` integer NOT NULL,
	`ready_at` text,
	PRIMARY KEY(`job_id`, `clip_index`, `width`, `height`),
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
