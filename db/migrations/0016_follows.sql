-- Issue 32: members follow members; the Following tab lists the newest public items of the people one
-- follows, built at read time from indexes (no row per follower per upload; decision 029).
CREATE TABLE `follows` (
	`follower_id` integer NOT NULL,
	`followee_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`follower_id`, `followee_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`followee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `follows_follower_created` ON `follows` (`follower_id`,`created_at`,`followee_id`);
--> statement-breakpoint
CREATE INDEX `follows_followee_created` ON `follows` (`followee_id`,`created_at`,`follower_id`);
--> statement-breakpoint
-- Counts shown on profiles, moved in the transaction that adds or removes a follow; follows_version moves
-- with every change to whom a member follows, so the kept Following window knows it is stale (any process).
ALTER TABLE `users` ADD `follower_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `users` ADD `following_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `users` ADD `follows_version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The secret address of a member's Following feed for feed readers (shown on /profile, so kept as is).
CREATE TABLE `following_feed_tokens` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `following_feed_tokens_token` ON `following_feed_tokens` (`token`);
--> statement-breakpoint
-- When an item first became public (approved, not hidden, processed): the Following tab's order. Set by
-- triggers, so every writer (admin approval, the video job, seeds, tests) stamps it; never moved afterwards,
-- so an item hidden and shown again, or edited and approved again, does not jump back to the top.
ALTER TABLE `media` ADD `published_at` integer;
--> statement-breakpoint
-- Items approved and processed before this migration: their approval time (their upload time if older rows
-- have none). A hidden one was public before it was hidden. Approved items still processing get theirs when ready.
UPDATE `media` SET `published_at` = max(`created_at`, coalesce(`reviewed_at`, `created_at`))
WHERE `review_status` = 'approved' AND `playable` = 1;
--> statement-breakpoint
CREATE TRIGGER media_published_insert AFTER INSERT ON media
WHEN new.published_at IS NULL AND new.review_status = 'approved' AND new.hidden = 0 AND new.playable = 1 BEGIN
  UPDATE media SET published_at = new.created_at WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER media_published_update AFTER UPDATE OF review_status, hidden, playable ON media
WHEN new.published_at IS NULL AND new.review_status = 'approved' AND new.hidden = 0 AND new.playable = 1 BEGIN
  UPDATE media SET published_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE id = new.id;
END;
--> statement-breakpoint
-- The kept rankings (lib/feed/rankings.ts) read every public item from this covering index; they now keep each
-- item's uploader and publication time too, from which the Following tab is cut (decision 029).
DROP INDEX `media_public_rank`;
--> statement-breakpoint
CREATE INDEX `media_public_rank` ON `media` (`review_status`,`hidden`,`playable`,`id`,`content_type`,`category_id`,`likes`,`views`,`created_at`,`user_id`,`published_at`);
--> statement-breakpoint
-- A member's likes, newest first (GET /api/user/likes and /liked).
CREATE INDEX `likes_user_created` ON `likes` (`user_id`,`created_at`,`media_id`);
