-- Issue 34 points 4 and 7 (decision 033). (1) Bans with a reason and a length: one row per ban, kept after it
-- ends (the member page lists them). `ends_at` NULL: until lifted. `ended_at` is set when it is lifted by an admin
-- ('lifted'), runs out ('expired', by the sweep or at sign-in) or is replaced by a new ban ('replaced').
CREATE TABLE `bans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`admin_id` integer,
	`reason` text,
	`created_at` integer NOT NULL,
	`ends_at` integer,
	`ended_at` integer,
	`ended_by` integer,
	`end_reason` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`ended_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- At most one open ban per member; the member page lists theirs newest first; the sweep finds those run out.
CREATE UNIQUE INDEX `bans_open` ON `bans` (`user_id`) WHERE ended_at IS NULL;
--> statement-breakpoint
CREATE INDEX `bans_user` ON `bans` (`user_id`,`id`);
--> statement-breakpoint
CREATE INDEX `bans_expiring` ON `bans` (`ends_at`) WHERE ended_at IS NULL AND ends_at IS NOT NULL;
--> statement-breakpoint
-- Members banned before this get an open ban until lifted, with no reason.
INSERT INTO bans (user_id, created_at) SELECT id, strftime('%s', 'now') * 1000 FROM users WHERE banned = 1;
--> statement-breakpoint
-- `users.banned` follows the open ban (the triggers of 0015 and 0017 then hide the member's items and collection
-- entries, and show them again): no writer, the sweep included, can end a ban and forget the flag.
CREATE TRIGGER bans_opened AFTER INSERT ON bans WHEN new.ended_at IS NULL BEGIN
  UPDATE users SET banned = 1 WHERE id = new.user_id AND banned = 0;
END;
--> statement-breakpoint
CREATE TRIGGER bans_ended AFTER UPDATE OF ended_at ON bans WHEN old.ended_at IS NULL AND new.ended_at IS NOT NULL BEGIN
  UPDATE users SET banned = 0 WHERE id = new.user_id AND banned = 1
    AND NOT EXISTS (SELECT 1 FROM bans WHERE user_id = new.user_id AND ended_at IS NULL);
END;
--> statement-breakpoint
-- (2) The audit log names the member an entry is about (`subject_id`: the banned member, the uploader of an item,
-- the writer of a post), so the Log tab filters by member and the member page lists what was done to them. A plain
-- id like `target_id`: the entry outlives the account.
ALTER TABLE `audit_log` ADD `subject_id` integer;
--> statement-breakpoint
UPDATE audit_log SET subject_id = target_id WHERE target_type = 'user';
--> statement-breakpoint
UPDATE audit_log SET subject_id = coalesce((SELECT user_id FROM media WHERE media.id = audit_log.target_id),
  CASE WHEN json_valid(details) THEN json_extract(details, '$.uploaderId') END) WHERE target_type = 'media';
--> statement-breakpoint
UPDATE audit_log SET subject_id = coalesce((SELECT user_id FROM comments WHERE comments.id = audit_log.target_id),
  CASE WHEN json_valid(details) THEN json_extract(details, '$.authorId') END) WHERE target_type = 'comment';
--> statement-breakpoint
UPDATE audit_log SET subject_id = coalesce((SELECT user_id FROM threads WHERE threads.id = audit_log.target_id),
  CASE WHEN json_valid(details) THEN json_extract(details, '$.authorId') END) WHERE target_type = 'thread';
--> statement-breakpoint
UPDATE audit_log SET subject_id = coalesce((SELECT user_id FROM thread_comments WHERE thread_comments.id = audit_log.target_id),
  CASE WHEN json_valid(details) THEN json_extract(details, '$.authorId') END) WHERE target_type = 'thread_comment';
--> statement-breakpoint
-- The Log tab's filters (by member, by admin; by action has audit_action of 0015), each newest first by id.
CREATE INDEX `audit_subject` ON `audit_log` (`subject_id`,`id`);
--> statement-breakpoint
CREATE INDEX `audit_actor` ON `audit_log` (`actor_id`,`id`);
--> statement-breakpoint
-- The entries about one target (what the log kept of a deleted item that a new upload looks like).
CREATE INDEX `audit_target` ON `audit_log` (`target_type`,`target_id`);
--> statement-breakpoint
-- The Log's choice of admins: a handful of rows of a table that may hold many members.
CREATE INDEX `users_admins` ON `users` (`username`) WHERE is_admin = 1;
--> statement-breakpoint
-- (3) The member page's lists: what a member wrote and reported, newest first (and deleting an account sets these
-- user_id columns to NULL without a scan).
CREATE INDEX `comments_user_created` ON `comments` (`user_id`,`created_at`);
--> statement-breakpoint
DROP INDEX `threads_user`;
--> statement-breakpoint
CREATE INDEX `threads_user_created` ON `threads` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `thread_comments_user_created` ON `thread_comments` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `reports_user_created` ON `reports` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `post_reports_user_created` ON `post_reports` (`user_id`,`created_at`);
