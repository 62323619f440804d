-- Issue 41 points 1 and 2 (decision 043). (1) The site's settings, edited on the admin Settings tab: one row, the
-- whole set as JSON, written on the first save (until then the environment's values apply). The `settings` shared
-- counter moves with each save, so every process reads the row again (lib/settings/site_settings.ts).
CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`data` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
-- (2) Sign-ups waiting for approval: the account exists (its name and address are taken) but cannot sign in
-- while its row is here. Approval deletes the row, rejection the account (and this row with it).
CREATE TABLE `registration_requests` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `registration_requests_created` ON `registration_requests` (`created_at`);
--> statement-breakpoint
-- Invite codes: `max_uses` and `expires_at` NULL mean no limit; a revoked code keeps its row (the list shows it, and a
-- late sign-up with it is told it was revoked).
CREATE TABLE `invites` (
	`code` text PRIMARY KEY NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `invites_created` ON `invites` (`created_at`);
