-- Issue 43 points 3 and 4 (decision 046): one level of replies to an item's comments, and comment likes. `parent_id` is
-- the top comment a reply hangs under (never a reply: a reply to a reply is stored under the top one); deleting a top
-- comment deletes its replies. `like_count` is kept with the rows of `comment_likes` in the same transaction, so the
-- "Top" sort and the list read no count(*).
ALTER TABLE `comments` ADD `parent_id` integer REFERENCES `comments`(`id`) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `comments` ADD `like_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `comments_parent_created` ON `comments` (`parent_id`,`created_at`) WHERE `parent_id` IS NOT NULL;--> statement-breakpoint
CREATE TABLE `comment_likes` (
	`comment_id` integer NOT NULL REFERENCES `comments`(`id`) ON DELETE cascade,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`comment_id`, `user_id`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE INDEX `comment_likes_user` ON `comment_likes` (`user_id`,`comment_id`);
