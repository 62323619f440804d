CREATE INDEX `users_created` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `media_created` ON `media` (`created_at`);--> statement-breakpoint
CREATE INDEX `likes_created` ON `likes` (`created_at`);--> statement-breakpoint
CREATE INDEX `comments_created` ON `comments` (`created_at`);--> statement-breakpoint
CREATE INDEX `reports_created` ON `reports` (`created_at`);
