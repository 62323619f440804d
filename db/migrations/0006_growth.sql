-- Search index of public items only (approved, not hidden, playable), so visibility is decided inside the
-- index; `facets` holds the type and category as tokens ("tvideo c3") so those filters are index
-- terms too. The bm25 weights are the index's own rank (title, description, prompt, tags,
-- ai_generator, uploader, facets): ORDER BY rank needs no expression. Decision 020.
DROP TRIGGER IF EXISTS media_fts_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS media_fts_update;
--> statement-breakpoint
DROP TRIGGER IF EXISTS media_fts_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS media_fts_uploader;
--> statement-breakpoint
DROP TABLE IF EXISTS media_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE media_fts USING fts5(
  title, description, prompt, tags, ai_generator, uploader, facets,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6'
);
--> statement-breakpoint
INSERT INTO media_fts (media_fts, rank) VALUES ('rank', 'bm25(10.0, 2.0, 3.0, 5.0, 3.0, 4.0, 0.0)');
--> statement-breakpoint
INSERT INTO media_fts (rowid, title, description, prompt, tags, ai_generator, uploader, facets)
  SELECT m.id, m.title, m.description, m.prompt, m.tags, m.ai_generator, u.username,
    't' || m.content_type || ' c' || coalesce(m.category_id, 0)
  FROM media m JOIN users u ON u.id = m.user_id
  WHERE m.review_status = 'approved' AND m.hidden = 0 AND m.playable = 1;
--> statement-breakpoint
CREATE TRIGGER media_fts_insert AFTER INSERT ON media WHEN new.review_status = 'approved' AND new.hidden = 0 AND new.playable = 1 BEGIN
  INSERT INTO media_fts (rowid, title, description, prompt, tags, ai_generator, uploader, facets)
  VALUES (new.id, new.title, new.description, new.prompt, new.tags, new.ai_generator,
    (SELECT username FROM users WHERE id = new.user_id), 't' || new.content_type || ' c' || coalesce(new.category_id, 0));
END;
--> statement-breakpoint
CREATE TRIGGER media_fts_update AFTER UPDATE OF title, description, prompt, tags, ai_generator, content_type, category_id,
  review_status, hidden, playable ON media BEGIN
  DELETE FROM media_fts WHERE rowid = old.id;
  INSERT INTO media_fts (rowid, title, description, prompt, tags, ai_generator, uploader, facets)
  SELECT new.id, new.title, new.description, new.prompt, new.tags, new.ai_generator,
    (SELECT username FROM users WHERE id = new.user_id), 't' || new.content_type || ' c' || coalesce(new.category_id, 0)
  WHERE new.review_status = 'approved' AND new.hidden = 0 AND new.playable = 1;
END;
--> statement-breakpoint
CREATE TRIGGER media_fts_delete AFTER DELETE ON media BEGIN
  DELETE FROM media_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER media_fts_uploader AFTER UPDATE OF username ON users BEGIN
  UPDATE media_fts SET uploader = new.username WHERE rowid IN (SELECT id FROM media WHERE user_id = new.id);
END;
--> statement-breakpoint
-- Every public item's ranking inputs in id order, read without the table (lib/feed/rankings.ts).
CREATE INDEX media_public_rank ON media (review_status, hidden, playable, id, content_type, category_id, likes, views, created_at);
--> statement-breakpoint
-- A member's public items, newest first, and their count, read from the index alone (profile pages).
CREATE INDEX media_user_public ON media (user_id, review_status, hidden, playable, created_at, id);
