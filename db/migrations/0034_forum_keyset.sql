-- Issue 44 point 1 (decision 047): forum lists paged by key, deep offsets walked in the index alone, and the forum's totals kept.
-- Every thread-list index ends with the key's tie-breaker `id` and the columns the list's WHERE reads (`status` for held and
-- hidden threads, `user_id` for the writer's own and for mutes), so a seek `(sort value, created_at, id) < (?, ?, ?)` is one
-- index range and the rows an OFFSET skips are judged in the index without reading the table. Same for a thread's comments.
DROP INDEX `threads_sticky_created`;--> statement-breakpoint
CREATE INDEX `threads_sticky_created` ON `threads` (`is_sticky`,`created_at`,`id`,`status`,`user_id`);--> statement-breakpoint
DROP INDEX `threads_sticky_oldest`;--> statement-breakpoint
CREATE INDEX `threads_sticky_oldest` ON `threads` ("is_sticky" desc,`created_at`,`id`,`status`,`user_id`);--> statement-breakpoint
DROP INDEX `threads_sticky_upvotes`;--> statement-breakpoint
CREATE INDEX `threads_sticky_upvotes` ON `threads` (`is_sticky`,`upvotes`,`created_at`,`id`,`status`,`user_id`);--> statement-breakpoint
DROP INDEX `threads_sticky_comments`;--> statement-breakpoint
CREATE INDEX `threads_sticky_comments` ON `threads` (`is_sticky`,`comment_count`,`created_at`,`id`,`status`,`user_id`);--> statement-breakpoint
DROP INDEX `threads_category_created`;--> statement-breakpoint
CREATE INDEX `threads_category_created` ON `threads` (`category_id`,`is_sticky`,`created_at`,`id`,`status`,`user_id`);--> statement-breakpoint
DROP INDEX `threads_category_oldest`;--> statement-breakpoint
CREATE INDEX `threads_category_oldest` ON `threads` (`category_id`,"is_sticky" desc,`created_at`,`id`,`status`,`user_id`);--> statement-breakpoint
DROP INDEX `threads_category_upvotes`;--> statement-breakpoint
CREATE INDEX `threads_category_upvotes` ON `threads` (`category_id`,`is_sticky`,`upvotes`,`created_at`,`id`,`status`,`user_id`);--> statement-breakpoint
DROP INDEX `threads_category_comments`;--> statement-breakpoint
CREATE INDEX `threads_category_comments` ON `threads` (`category_id`,`is_sticky`,`comment_count`,`created_at`,`id`,`status`,`user_id`);--> statement-breakpoint
DROP INDEX `thread_comments_thread_created`;--> statement-breakpoint
CREATE INDEX `thread_comments_thread_created` ON `thread_comments` (`thread_id`,`created_at`,`id`,`status`,`user_id`);--> statement-breakpoint
-- The forum's "Total Threads" and "Comments" (shown ones, all categories) were two count(*) a page view: 2-3 ms at 350,000
-- comments. They are kept in shared_counters by triggers, so every writer (moderation, cascades, account deletion) moves them.
INSERT OR REPLACE INTO `shared_counters` (`name`, `value`) VALUES ('forum:threads', (SELECT count(*) FROM `threads` WHERE `status` = 'shown'));--> statement-breakpoint
INSERT OR REPLACE INTO `shared_counters` (`name`, `value`) VALUES ('forum:comments', (SELECT count(*) FROM `thread_comments` WHERE `status` = 'shown'));--> statement-breakpoint
CREATE TRIGGER `forum_threads_counted_insert` AFTER INSERT ON `threads` WHEN new.status = 'shown' BEGIN
  UPDATE `shared_counters` SET `value` = `value` + 1 WHERE `name` = 'forum:threads';
END;--> statement-breakpoint
CREATE TRIGGER `forum_threads_counted_delete` AFTER DELETE ON `threads` WHEN old.status = 'shown' BEGIN
  UPDATE `shared_counters` SET `value` = `value` - 1 WHERE `name` = 'forum:threads';
END;--> statement-breakpoint
CREATE TRIGGER `forum_threads_counted_status` AFTER UPDATE OF `status` ON `threads`
  WHEN (old.status = 'shown') <> (new.status = 'shown') BEGIN
  UPDATE `shared_counters` SET `value` = `value` + (CASE WHEN new.status = 'shown' THEN 1 ELSE -1 END) WHERE `name` = 'forum:threads';
END;--> statement-breakpoint
CREATE TRIGGER `forum_comments_counted_insert` AFTER INSERT ON `thread_comments` WHEN new.status = 'shown' BEGIN
  UPDATE `shared_counters` SET `value` = `value` + 1 WHERE `name` = 'forum:comments';
END;--> statement-breakpoint
CREATE TRIGGER `forum_comments_counted_delete` AFTER DELETE ON `thread_comments` WHEN old.status = 'shown' BEGIN
  UPDATE `shared_counters` SET `value` = `value` - 1 WHERE `name` = 'forum:comments';
END;--> statement-breakpoint
CREATE TRIGGER `forum_comments_counted_status` AFTER UPDATE OF `status` ON `thread_comments`
  WHEN (old.status = 'shown') <> (new.status = 'shown') BEGIN
  UPDATE `shared_counters` SET `value` = `value` + (CASE WHEN new.status = 'shown' THEN 1 ELSE -1 END) WHERE `name` = 'forum:comments';
END;
