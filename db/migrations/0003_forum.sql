DROP INDEX `threads_category_created`;--> statement-breakpoint
CREATE INDEX `threads_sticky_oldest` ON `threads` ("is_sticky" desc,`created_at`);--> statement-breakpoint
CREATE INDEX `threads_sticky_upvotes` ON `threads` (`is_sticky`,`upvotes`,`created_at`);--> statement-breakpoint
CREATE INDEX `threads_sticky_comments` ON `threads` (`is_sticky`,`comment_count`,`created_at`);--> statement-breakpoint
CREATE INDEX `threads_category_oldest` ON `threads` (`category_id`,"is_sticky" desc,`created_at`);--> statement-breakpoint
CREATE INDEX `threads_category_upvotes` ON `threads` (`category_id`,`is_sticky`,`upvotes`,`created_at`);--> statement-breakpoint
CREATE INDEX `threads_category_comments` ON `threads` (`category_id`,`is_sticky`,`comment_count`,`created_at`);--> statement-breakpoint
CREATE INDEX `threads_category_created` ON `threads` (`category_id`,`is_sticky`,`created_at`);--> statement-breakpoint
ALTER TABLE `forum_categories` ADD `thread_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `forum_categories` SET `thread_count` = (SELECT count(*) FROM `threads` WHERE `threads`.`category_id` = `forum_categories`.`id`);
