-- Issue 33: notifications. One unread row per (receiver, kind, group key, UTC day) folds its events: `count` of them,
-- the first distinct actors in `actor_ids` (decision 031). Written in the transaction of the event.
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`group_key` text NOT NULL,
	`day` integer NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`actor_ids` text DEFAULT '[]' NOT NULL,
	`media_id` integer,
	`thread_id` integer,
	`detail` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`thread_id`) REFERENCES `threads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The fold's target (ON CONFLICT ... WHERE read_at IS NULL), and the unread count: an index search of one member's unread rows.
CREATE UNIQUE INDEX `notifications_unread_group` ON `notifications` (`user_id`,`kind`,`group_key`,`day`) WHERE read_at IS NULL;
--> statement-breakpoint
-- A member's page, newest event first.
CREATE INDEX `notifications_user_updated` ON `notifications` (`user_id`,`updated_at`,`id`);
--> statement-breakpoint
-- Retention: read rows by when they were read.
CREATE INDEX `notifications_read_at` ON `notifications` (`read_at`) WHERE read_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `notifications_media` ON `notifications` (`media_id`) WHERE media_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `notifications_thread` ON `notifications` (`thread_id`) WHERE thread_id IS NOT NULL;
--> statement-breakpoint
-- Only what differs from the defaults (common/notification_rules.ts) is stored.
CREATE TABLE `notification_settings` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`web` integer NOT NULL,
	`email` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
-- Mail pacing per member and kind: when the last mail went, and whether a mail job is queued (at most one).
CREATE TABLE `notification_mail_state` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`last_sent_at` integer DEFAULT 0 NOT NULL,
	`pending` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
-- The fan-out of a published item to its creator's followers: once per item, resumed from its cursor after a crash.
CREATE TABLE `notification_fanouts` (
	`media_id` integer PRIMARY KEY NOT NULL,
	`after_created` integer DEFAULT 0 NOT NULL,
	`after_user` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The highest like milestone the owner heard of: an unlike and like again does not announce it twice.
ALTER TABLE `media` ADD `notified_likes` integer DEFAULT 0 NOT NULL;
