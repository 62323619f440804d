-- Issue 42 point 1: a report counts toward REPORT_HIDE_THRESHOLD only from a verified member older than
-- REPORT_MIN_ACCOUNT_AGE_HOURS who does not own what they report. Whether it counted is decided once, when it is
-- made, and kept on the report, so dismissing it takes off the count exactly what it added. Until now every
-- member's report counted (a visitor's never did), so those are the ones marked.
ALTER TABLE `reports` ADD `counts` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `reports` SET `counts` = 1 WHERE `reporter_key` LIKE 'u:%';--> statement-breakpoint
ALTER TABLE `post_reports` ADD `counts` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `post_reports` SET `counts` = 1 WHERE `reporter_key` LIKE 'u:%';--> statement-breakpoint
-- Issue 42 point 7: the distinct followers of a day's unread "new followers" entry, so an unfollow-follow loop
-- adds nothing to its count. Goes with its entry; the entries already unread start from the actors they name.
CREATE TABLE `notification_actors` (
	`notification_id` integer NOT NULL REFERENCES `notifications`(`id`) ON DELETE cascade,
	`actor_id` integer NOT NULL,
	PRIMARY KEY(`notification_id`, `actor_id`)
) WITHOUT ROWID;--> statement-breakpoint
INSERT OR IGNORE INTO `notification_actors` (`notification_id`, `actor_id`)
	SELECT n.`id`, a.`value` FROM `notifications` n, json_each(n.`actor_ids`) a
	WHERE n.`kind` = 'new_follower' AND n.`read_at` IS NULL;
