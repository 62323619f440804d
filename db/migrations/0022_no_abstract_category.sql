-- Issue 36 point 19: the default rules forbid abstract art (spec part 2 §5), so a site does not offer a category
-- for it. The default 'Abstract' of 0001 goes unless items use it: such a site's operator chose it, and keeps it.
DELETE FROM categories WHERE slug = 'abstract' AND NOT EXISTS (SELECT 1 FROM media WHERE media.category_id = categories.id);
