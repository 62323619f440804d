-- Full-text index over the searchable fields of media, kept in step by triggers.
CREATE VIRTUAL TABLE media_fts USING fts5(
  title, description, prompt, tags, ai_generator, uploader,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER media_fts_insert AFTER INSERT ON media BEGIN
  INSERT INTO media_fts (rowid, title, description, prompt, tags, ai_generator, uploader)
  VALUES (new.id, new.title, new.description, new.prompt, new.tags, new.ai_generator,
    (SELECT username FROM users WHERE id = new.user_id));
END;
--> statement-breakpoint
CREATE TRIGGER media_fts_update AFTER UPDATE OF title, description, prompt, tags, ai_generator ON media BEGIN
  DELETE FROM media_fts WHERE rowid = old.id;
  INSERT INTO media_fts (rowid, title, description, prompt, tags, ai_generator, uploader)
  VALUES (new.id, new.title, new.description, new.prompt, new.tags, new.ai_generator,
    (SELECT username FROM users WHERE id = new.user_id));
END;
--> statement-breakpoint
CREATE TRIGGER media_fts_delete AFTER DELETE ON media BEGIN
  DELETE FROM media_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER media_fts_uploader AFTER UPDATE OF username ON users BEGIN
  UPDATE media_fts SET uploader = new.username WHERE rowid IN (SELECT id FROM media WHERE user_id = new.id);
END;
