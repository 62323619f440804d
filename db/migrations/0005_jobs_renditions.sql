CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	`media_id` integer,
	`state` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 3 NOT NULL,
	`run_after` integer NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`error` text,
	`lease_owner` text,
	`lease_until` integer,
	`outputs` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `jobs_state_run_after` ON `jobs` (`state`,`run_after`);--> statement-breakpoint
CREATE INDEX `jobs_media` ON `jobs` (`media_id`);--> statement-breakpoint
CREATE TABLE `media_files` (
	`key` text PRIMARY KEY NOT NULL,
	`media_id` integer NOT NULL,
	`role` text NOT NULL,
	`height` integer,
	`bytes` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_files_media` ON `media_files` (`media_id`);--> statement-breakpoint
ALTER TABLE `media` ADD `processing_state` text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `processing_progress` integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `processing_error` text;--> statement-breakpoint
ALTER TABLE `media` ADD `playable` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `preview_key` text;--> statement-breakpoint
ALTER TABLE `media` ADD `poster2x_key` text;--> statement-breakpoint
ALTER TABLE `media` ADD `sources` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `disk_bytes` integer;
