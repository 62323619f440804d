-- Issue 34: comments and forum posts can be held for review, reported and hidden by reports (decision 032).
-- `status` is 'shown', 'held' (a visitor's comment with a link, or a watched word: only its writer sees it) or
-- 'hidden' (reported by REPORT_HIDE_THRESHOLD members: only its writer sees it until an admin decides).
-- `held_reason` says why it was held ('link' or 'word:<the watched entry>'); `open_reports` counts members
-- with an open report, as media.open_reports does; `writer_key` is the SHA-256 of a visitor's browser cookie
-- (lib/auth/visitor_cookie.ts), so a visitor's own held comment shows to that browser only.
ALTER TABLE `comments` ADD `status` text DEFAULT 'shown' NOT NULL;--> statement-breakpoint
ALTER TABLE `comments` ADD `held_reason` text;--> statement-breakpoint
ALTER TABLE `comments` ADD `open_reports` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `comments` ADD `writer_key` text;--> statement-breakpoint
ALTER TABLE `threads` ADD `status` text DEFAULT 'shown' NOT NULL;--> statement-breakpoint
ALTER TABLE `threads` ADD `held_reason` text;--> statement-breakpoint
ALTER TABLE `threads` ADD `open_reports` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `thread_comments` ADD `status` text DEFAULT 'shown' NOT NULL;--> statement-breakpoint
ALTER TABLE `thread_comments` ADD `held_reason` text;--> statement-breakpoint
ALTER TABLE `thread_comments` ADD `open_reports` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The Held tab (oldest first) and the counts of what is not shown read these small partial indexes; lists of
-- shown rows keep their own indexes (a query names `status <> 'shown'` word for word to use one).
CREATE INDEX `comments_unshown` ON `comments` (`status`,`created_at`) WHERE status <> 'shown';--> statement-breakpoint
CREATE INDEX `threads_unshown` ON `threads` (`status`,`created_at`) WHERE status <> 'shown';--> statement-breakpoint
CREATE INDEX `thread_comments_unshown` ON `thread_comments` (`status`,`created_at`) WHERE status <> 'shown';--> statement-breakpoint
-- Reports of comments and forum posts: one target column set per row, each deleted with its target.
CREATE TABLE `post_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`comment_id` integer,
	`thread_id` integer,
	`thread_comment_id` integer,
	`user_id` integer,
	`reporter_key` text NOT NULL,
	`reason` text NOT NULL,
	`details` text,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`thread_id`) REFERENCES `threads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`thread_comment_id`) REFERENCES `thread_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "post_reports_one_target" CHECK((`comment_id` IS NOT NULL) + (`thread_id` IS NOT NULL) + (`thread_comment_id` IS NOT NULL) = 1)
);
--> statement-breakpoint
CREATE INDEX `post_reports_comment` ON `post_reports` (`comment_id`,`status`);--> statement-breakpoint
CREATE INDEX `post_reports_thread` ON `post_reports` (`thread_id`,`status`);--> statement-breakpoint
CREATE INDEX `post_reports_thread_comment` ON `post_reports` (`thread_comment_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `post_reports_comment_open` ON `post_reports` (`comment_id`,`reporter_key`) WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX `post_reports_thread_open` ON `post_reports` (`thread_id`,`reporter_key`) WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX `post_reports_thread_comment_open` ON `post_reports` (`thread_comment_id`,`reporter_key`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `post_reports_status_created` ON `post_reports` (`status`,`created_at`);--> statement-breakpoint
-- An item's reports, as the Reported tab lists them (and as deleting an item finds them: media_id had only a partial index).
CREATE INDEX `reports_media_status` ON `reports` (`media_id`,`status`);--> statement-breakpoint
-- The admins' watched words and phrases (folded: lower case, no accents; `*` a wildcard within a word).
CREATE TABLE `watched_words` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pattern` text NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watched_words_pattern` ON `watched_words` (`pattern`);
