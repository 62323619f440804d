-- Issue 25: SQLite's lower() folds ASCII only, so media_tags holds 'Élan' for a tag typed 'Élan' and a mute
-- of 'élan' missed it. Every tag with a non-ASCII character (more bytes than characters) is listed here by a
-- trigger; the app fills `folded` with its one folding function (common/format.ts foldTag) before it matches
-- mutes (lib/feed/mutes.ts), and mutes match a tag or its folded form. A tag no item carries any more leaves.
-- ASCII tags need no row: lower() is already their fold.
CREATE TABLE `tag_folds` (
	`tag` text PRIMARY KEY NOT NULL,
	`folded` text
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `tag_folds_folded` ON `tag_folds` (`folded`);
--> statement-breakpoint
INSERT OR IGNORE INTO tag_folds (tag) SELECT DISTINCT tag FROM media_tags WHERE length(tag) <> length(CAST(tag AS blob));
--> statement-breakpoint
CREATE TRIGGER tag_folds_insert AFTER INSERT ON media_tags WHEN length(new.tag) <> length(CAST(new.tag AS blob)) BEGIN
  INSERT OR IGNORE INTO tag_folds (tag) VALUES (new.tag);
END;
--> statement-breakpoint
CREATE TRIGGER tag_folds_delete AFTER DELETE ON media_tags WHEN length(old.tag) <> length(CAST(old.tag AS blob)) BEGIN
  DELETE FROM tag_folds WHERE tag = old.tag AND NOT EXISTS (SELECT 1 FROM media_tags WHERE tag = old.tag);
END;
