-- Issue 32 point 5: a member's collections of items (decision record 030). Ids are random 53-bit
-- integers, not a sequence, so an unlisted collection's link cannot be found by counting.
CREATE TABLE `collections` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`watch_later` integer DEFAULT 0 NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`visibility` text DEFAULT 'private' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `collections_user` ON `collections` (`user_id`,`watch_later`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `collections_watch_later` ON `collections` (`user_id`) WHERE `watch_later` = 1;
--> statement-breakpoint
CREATE TABLE `collection_items` (
	`collection_id` integer NOT NULL,
	`media_id` integer NOT NULL,
	`position` integer NOT NULL,
	`shown` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`collection_id`, `media_id`),
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `collection_items_position` ON `collection_items` (`collection_id`,`position`);
--> statement-breakpoint
CREATE INDEX `collection_items_shown` ON `collection_items` (`collection_id`,`shown`,`position`);
--> statement-breakpoint
CREATE INDEX `collection_items_media` ON `collection_items` (`media_id`,`collection_id`);
--> statement-breakpoint
-- `shown`: the item is public (approved, not hidden, playable) and its uploader not banned, kept by the triggers below
-- whatever writes media, users or collection_items, so a visitor's page and count read collection_items alone (decision
-- record 030) instead of probing a media row per item.
CREATE TRIGGER `collection_items_shown_insert` AFTER INSERT ON `collection_items` BEGIN
  UPDATE collection_items SET shown = coalesce((SELECT m.review_status = 'approved' AND m.hidden = 0 AND m.playable = 1 AND u.banned = 0
    FROM media m JOIN users u ON u.id = m.user_id WHERE m.id = new.media_id), 0)
  WHERE collection_id = new.collection_id AND media_id = new.media_id;
END;
--> statement-breakpoint
CREATE TRIGGER `collection_items_shown_media` AFTER UPDATE OF review_status, hidden, playable, user_id ON `media`
WHEN old.review_status IS NOT new.review_status OR old.hidden IS NOT new.hidden OR old.playable IS NOT new.playable
  OR old.user_id IS NOT new.user_id BEGIN
  UPDATE collection_items SET shown = coalesce((SELECT new.review_status = 'approved' AND new.hidden = 0 AND new.playable = 1 AND u.banned = 0
    FROM users u WHERE u.id = new.user_id), 0)
  WHERE media_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `collection_items_shown_banned` AFTER UPDATE OF banned ON `users` WHEN old.banned IS NOT new.banned BEGIN
  UPDATE collection_items SET shown = coalesce((SELECT m.review_status = 'approved' AND m.hidden = 0 AND m.playable = 1 AND new.banned = 0
    FROM media m WHERE m.id = collection_items.media_id), 0)
  WHERE media_id IN (SELECT id FROM media WHERE user_id = new.id);
END;
--> statement-breakpoint
-- Every member has a private Watch later from the start: those there now, and (by the trigger) every
-- account made after, by any writer (registration, social sign-in, the admin at start, seeds, tests).
INSERT INTO `collections` (id, user_id, watch_later, title, description, visibility, created_at, updated_at)
SELECT (random() & 9007199254740990) + 1, id, 1, 'Watch later', '', 'private', created_at, created_at FROM users;
--> statement-breakpoint
CREATE TRIGGER `users_watch_later` AFTER INSERT ON `users` BEGIN
  INSERT INTO collections (id, user_id, watch_later, title, description, visibility, created_at, updated_at)
  VALUES ((random() & 9007199254740990) + 1, new.id, 1, 'Watch later', '', 'private', new.created_at, new.created_at);
END;
