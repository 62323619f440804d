-- Issue 41 points 3-5 (decision 044). `role` is the truth about who may do what: member, moderator or admin. `is_admin`
-- stays, kept equal to role = 'admin' by the triggers below, so its many readers (visibility, the first account, the
-- ADMIN_USERNAME promotion, the Log's admins index) keep working and a write to either column moves the other.
ALTER TABLE `users` ADD `role` text DEFAULT 'member' NOT NULL CHECK (`role` IN ('member', 'moderator', 'admin'));--> statement-breakpoint
-- Per-member upload quotas in bytes: null follows the site's default, -1 is unlimited (PeerTube's model).
ALTER TABLE `users` ADD `upload_quota_bytes` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `daily_upload_quota_bytes` integer;--> statement-breakpoint
UPDATE `users` SET `role` = 'admin' WHERE `is_admin` = 1;--> statement-breakpoint
CREATE TRIGGER `users_role_sets_admin` AFTER UPDATE OF `role` ON `users` WHEN NEW.`is_admin` <> (NEW.`role` = 'admin')
BEGIN UPDATE `users` SET `is_admin` = (NEW.`role` = 'admin') WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `users_admin_sets_role` AFTER UPDATE OF `is_admin` ON `users` WHEN NEW.`is_admin` <> (NEW.`role` = 'admin')
BEGIN UPDATE `users` SET `role` = CASE WHEN NEW.`is_admin` THEN 'admin' ELSE 'member' END WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `users_insert_role` AFTER INSERT ON `users` WHEN NEW.`is_admin` <> (NEW.`role` = 'admin')
BEGIN UPDATE `users` SET `role` = CASE WHEN NEW.`is_admin` THEN 'admin' ELSE NEW.`role` END, `is_admin` = 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
-- Bytes of uploads still arriving, one row per upload, grown by a conditional statement as the body streams in, so two
-- uploads at once (in any worker) cannot together pass a quota. A row a crashed process left goes stale by `updated_at`.
CREATE TABLE `upload_reservations` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
  `bytes` integer NOT NULL,
  `updated_at` integer NOT NULL
);--> statement-breakpoint
CREATE INDEX `upload_reservations_user` ON `upload_reservations` (`user_id`, `updated_at`);--> statement-breakpoint
-- The daily quota sums a member's uploads of the last 24 hours.
CREATE INDEX `uploads_user_created` ON `uploads` (`user_id`, `created_at`);--> statement-breakpoint
-- Categories get an order of their own, and a renamed one keeps its old slugs, which redirect to it.
ALTER TABLE `categories` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `categories` SET `position` = `id`;--> statement-breakpoint
CREATE TABLE `category_slugs` (
  `slug` text PRIMARY KEY NOT NULL,
  `category_id` integer NOT NULL REFERENCES `categories`(`id`) ON DELETE CASCADE,
  `created_at` integer NOT NULL
);--> statement-breakpoint
CREATE INDEX `category_slugs_category` ON `category_slugs` (`category_id`);
