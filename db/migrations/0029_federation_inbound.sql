-- Issue 40 points 4 and 5, the inbound half (decision 042): what remote actors do here, and the admins' and members' answers.
-- A remote actor's reply is a row of `comments` like a visitor's (user_id null, username 'name@host'), with the actor and the
-- ActivityPub id of its Note, so Update and Delete find it and a Note delivered twice is stored once.
ALTER TABLE `comments` ADD `remote_actor_id` integer REFERENCES `remote_actors`(`id`) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `comments` ADD `ap_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `comments_ap_id` ON `comments` (`ap_id`) WHERE `ap_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `comments_remote_actor` ON `comments` (`remote_actor_id`, `media_id`) WHERE `remote_actor_id` IS NOT NULL;--> statement-breakpoint
-- A remote Like: once per actor per item (the primary key), counted in media.likes in the transaction that adds or removes it.
CREATE TABLE `remote_likes` (
	`remote_actor_id` integer NOT NULL,
	`media_id` integer NOT NULL,
	`ap_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`remote_actor_id`, `media_id`),
	FOREIGN KEY (`remote_actor_id`) REFERENCES `remote_actors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `remote_likes_media` ON `remote_likes` (`media_id`);--> statement-breakpoint
-- A Flag is a report like a visitor's (user_id null, reporter_key 'r:{id}', never counted toward hiding) that names its actor.
ALTER TABLE `reports` ADD `remote_actor_id` integer REFERENCES `remote_actors`(`id`) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `post_reports` ADD `remote_actor_id` integer REFERENCES `remote_actors`(`id`) ON DELETE set null;--> statement-breakpoint
-- Servers the admins refuse (point 5): a hostname, covering its subdomains.
CREATE TABLE `federation_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`domain` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE UNIQUE INDEX `federation_blocks_domain` ON `federation_blocks` (`domain`);--> statement-breakpoint
CREATE INDEX `remote_actors_banned` ON `remote_actors` (`banned_at`) WHERE `banned_at` IS NOT NULL;--> statement-breakpoint
-- A member's block or mute of a remote actor (point 5): a block refuses their follow, replies and likes on the member's items,
-- a mute hides their comments from the member.
CREATE TABLE `remote_actor_blocks` (
	`user_id` integer NOT NULL,
	`remote_actor_id` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `remote_actor_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`remote_actor_id`) REFERENCES `remote_actors`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "remote_actor_blocks_kind" CHECK(`kind` IN ('block', 'mute'))
);--> statement-breakpoint
CREATE INDEX `remote_actor_blocks_actor` ON `remote_actor_blocks` (`remote_actor_id`, `kind`);
