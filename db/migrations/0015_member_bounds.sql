-- Issue 31. (1) A member's open reports are counted for their cap (100): by reporter, open ones only.
CREATE INDEX `reports_open_by_reporter` ON `reports` (`reporter_key`) WHERE status = 'open';
--> statement-breakpoint
-- (2) The audit view pages admins' actions apart from owners' edits (point 6): each side has its index, so
-- any number of edits never pushes a moderation entry out. The partial index serves the exact condition
-- `action <> 'content.owner_edit'` (db/queries/admin.ts writes it as a literal).
CREATE INDEX `audit_moderation` ON `audit_log` (`id`) WHERE action <> 'content.owner_edit';
--> statement-breakpoint
CREATE INDEX `audit_action` ON `audit_log` (`action`,`id`);
--> statement-breakpoint
-- (3) A banned member's items are hidden from every public place while the ban lasts (decision 028).
-- `hidden` stays the one column every public query and index reads; it is now `reports_hidden` (reports
-- reached the threshold; the app writes only this one) OR the owner is banned, kept by the triggers below.
ALTER TABLE `media` ADD `reports_hidden` integer DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE media SET reports_hidden = hidden;
--> statement-breakpoint
UPDATE media SET hidden = 1 WHERE hidden = 0 AND user_id IN (SELECT id FROM users WHERE banned = 1);
--> statement-breakpoint
CREATE TRIGGER media_hidden_by_ban AFTER UPDATE OF banned ON users WHEN new.banned IS NOT old.banned BEGIN
  UPDATE media SET hidden = (new.banned OR reports_hidden) WHERE user_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER media_hidden_by_reports AFTER UPDATE OF reports_hidden ON media BEGIN
  UPDATE media SET hidden = (new.reports_hidden OR coalesce((SELECT banned FROM users WHERE id = new.user_id), 0)) WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER media_insert_banned AFTER INSERT ON media WHEN (SELECT banned FROM users WHERE id = new.user_id) = 1 BEGIN
  UPDATE media SET hidden = 1 WHERE id = new.id;
END;
