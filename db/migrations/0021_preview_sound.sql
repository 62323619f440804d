-- Issue 35: a preview clip keeps the video's sound (AAC, low bitrate) when the video has a sound track,
-- and cards offer Unmute only then. Clips made before this have none, so every existing row starts false;
-- the processing job sets it from the clip it writes (lib/media/process_job.ts).
ALTER TABLE `media` ADD `preview_sound` integer DEFAULT false NOT NULL;
