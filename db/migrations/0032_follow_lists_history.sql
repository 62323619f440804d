-- Issue 43 point 2: a member may hide their follower and following lists from others (shown by default).
ALTER TABLE `users` ADD `show_follows` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Issue 43 point 5: watch history is recorded unless the member paused it.
ALTER TABLE `users` ADD `history_paused` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- One row per member and item: the last position and when it was watched. The pair is the key (a
-- progress beat is an upsert); watch_history_user_at reads a member's history newest first and finds the
-- rows past the cap (HISTORY_MAX in common/history_rules.ts) to trim.
CREATE TABLE `watch_history` (
	`user_id` integer NOT NULL,
	`media_id` integer NOT NULL,
	`seconds` real NOT NULL,
	`watched_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `media_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
CREATE INDEX `watch_history_user_at` ON `watch_history` (`user_id`,`watched_at`,`media_id`);--> statement-breakpoint
CREATE INDEX `watch_history_media` ON `watch_history` (`media_id`);
