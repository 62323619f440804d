-- Issue 35 point 1: image renditions (WebP at 480, 960 and 1600 px wide) are recorded in media_files like a video's,
-- with their pixel width beside the height; `media.sources` holds them for an image item. The background pass that
-- makes them for images from before finds the images still without any through this partial index (and the check at
-- start reads one row of it), so neither walks every item.
ALTER TABLE `media_files` ADD `width` integer;--> statement-breakpoint
CREATE INDEX `media_images_unrendered` ON `media` (`id`) WHERE `content_type` = 'image' AND `sources` = '[]' AND `processing_state` = 'ready';
