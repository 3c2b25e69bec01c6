ALTER TABLE `jobs` ADD `aspect` text DEFAULT '9:16' NOT NULL;--> statement-breakpoint
UPDATE `jobs` SET `aspect` = coalesce(
  (SELECT json_extract(c.`metadata`, '$.aspect') FROM `clips` c WHERE c.`job_id` = `jobs`.`id` AND json_valid(c.`metadata`) AND json_extract(c.`metadata`, '$.aspect') IN ('9:16', '1:1', '4:5', '16:9') ORDER BY c.`clip_index` LIMIT 1),
  CASE WHEN json_valid(`jobs`.`config`) AND json_extract(`jobs`.`config`, '$.aspect') IN ('9:16', '1:1', '4:5', '16:9') THEN json_extract(`jobs`.`config`, '$.aspect') END,
  (SELECT k.`aspect` FROM `brand_kits` k WHERE k.`account_id` = `jobs`.`account_id` ORDER BY k.`created_at`, k.rowid LIMIT 1),
  '9:16'
);
