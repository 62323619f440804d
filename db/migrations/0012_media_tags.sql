-- Issue 25: each item's tags one per row (lower case, without a leading #), kept by triggers from media.tags,
-- so a tag mute finds its items by index instead of a LIKE over every row. The comma-separated field is
-- turned into a JSON array for json_each (triggers cannot use a recursive CTE); a field json_valid refuses
-- (a control character in a tag) indexes no tags rather than failing the write.
CREATE TABLE `media_tags` (
	`tag` text NOT NULL,
	`media_id` integer NOT NULL,
	PRIMARY KEY(`tag`, `media_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `media_tags_media` ON `media_tags` (`media_id`,`tag`);
--> statement-breakpoint
INSERT OR IGNORE INTO media_tags (tag, media_id)
SELECT trim(ltrim(trim(j.value), '#')), m.id FROM media m,
  json_each(CASE WHEN json_valid('["' || replace(replace(replace(lower(coalesce(m.tags, '')), '\', '\\'), '"', '\"'), ',', '","') || '"]')
    THEN '["' || replace(replace(replace(lower(coalesce(m.tags, '')), '\', '\\'), '"', '\"'), ',', '","') || '"]' ELSE '[]' END) j
WHERE trim(ltrim(trim(j.value), '#')) <> '';
--> statement-breakpoint
CREATE TRIGGER media_tags_insert AFTER INSERT ON media BEGIN
  INSERT OR IGNORE INTO media_tags (tag, media_id)
  SELECT trim(ltrim(trim(j.value), '#')), new.id FROM
    json_each(CASE WHEN json_valid('["' || replace(replace(replace(lower(coalesce(new.tags, '')), '\', '\\'), '"', '\"'), ',', '","') || '"]')
      THEN '["' || replace(replace(replace(lower(coalesce(new.tags, '')), '\', '\\'), '"', '\"'), ',', '","') || '"]' ELSE '[]' END) j
  WHERE trim(ltrim(trim(j.value), '#')) <> '';
END;
--> statement-breakpoint
CREATE TRIGGER media_tags_update AFTER UPDATE OF tags ON media BEGIN
  DELETE FROM media_tags WHERE media_id = old.id;
  INSERT OR IGNORE INTO media_tags (tag, media_id)
  SELECT trim(ltrim(trim(j.value), '#')), new.id FROM
    json_each(CASE WHEN json_valid('["' || replace(replace(replace(lower(coalesce(new.tags, '')), '\', '\\'), '"', '\"'), ',', '","') || '"]')
      THEN '["' || replace(replace(replace(lower(coalesce(new.tags, '')), '\', '\\'), '"', '\"'), ',', '","') || '"]' ELSE '[]' END) j
  WHERE trim(ltrim(trim(j.value), '#')) <> '';
END;
--> statement-breakpoint
CREATE TRIGGER media_tags_delete AFTER DELETE ON media BEGIN
  DELETE FROM media_tags WHERE media_id = old.id;
END;
--> statement-breakpoint
CREATE INDEX `media_generator` ON `media` (lower(trim(`ai_generator`)));
