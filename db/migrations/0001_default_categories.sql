-- A fresh site starts with categories so uploads work from the first minute (decision 036).
INSERT INTO categories (name, slug, created_at) VALUES
  ('Animation', 'animation', 0),
  ('Sci-Fi', 'sci-fi', 0),
  ('Fantasy', 'fantasy', 0),
  ('Nature', 'nature', 0),
  ('Abstract', 'abstract', 0),
  ('Cinematic', 'cinematic', 0),
  ('Characters', 'characters', 0),
  ('Architecture', 'architecture', 0),
  ('Music Video', 'music-video', 0),
  ('Comedy', 'comedy', 0),
  ('Horror', 'horror', 0),
  ('Experimental', 'experimental', 0);
--> statement-breakpoint
INSERT INTO forum_categories (name, slug, created_at) VALUES
  ('General', 'general', 0),
  ('Showcase', 'showcase', 0),
  ('Prompting', 'prompting', 0),
  ('Tools & Workflows', 'tools-workflows', 0),
  ('Feedback', 'feedback', 0);
