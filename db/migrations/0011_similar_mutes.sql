ALTER TABLE `media` ADD `matches_removed_id` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `generation` text;--> statement-breakpoint
CREATE TABLE `media_hashes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`media_id` integer NOT NULL,
	`frame` integer DEFAULT 0 NOT NULL,
	`algo` text NOT NULL,
	`hash` text NOT NULL,
	`removed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `media_hashes_media` ON `media_hashes` (`media_id`);--> statement-breakpoint
CREATE TABLE `hash_blocklist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`algo` text NOT NULL,
	`hash` text NOT NULL,
	`media_id` integer,
	`reason` text,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hash_blocklist_hash` ON `hash_blocklist` (`algo`,`hash`);
--> statement-breakpoint
CREATE TABLE `user_mutes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_mutes_once` ON `user_mutes` (`user_id`,`type`,`value`);
