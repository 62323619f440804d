-- Issue 42 points 2 and 4 (decision 040). A job carries its owner and its known cost (a video's output frames x
-- pixels, from the probe at upload; NULL: unknown, treated as long), and a claim number, so the queue takes owners
-- in turn (the owner whose last claim is oldest first) and short jobs before long ones. An upload keeps its probed
-- cost, and the time a create refused it (it is spent: a second create answers 410). The daily transcoding budget
-- is a ledger of the work members queued, kept when the item is deleted (deleting does not give the CPU back).
ALTER TABLE `jobs` ADD `user_id` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `cost` integer DEFAULT 0;--> statement-breakpoint
ALTER TABLE `jobs` ADD `claim_seq` integer;--> statement-breakpoint
CREATE INDEX `jobs_user_claim` ON `jobs` (`user_id`, `claim_seq`);--> statement-breakpoint
CREATE INDEX `jobs_claim_seq` ON `jobs` (`claim_seq`);--> statement-breakpoint
ALTER TABLE `media` ADD `video_work` integer;--> statement-breakpoint
ALTER TABLE `uploads` ADD `video_work` integer;--> statement-breakpoint
ALTER TABLE `uploads` ADD `refused_at` integer;--> statement-breakpoint
CREATE TABLE `video_work_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`work` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `video_work_log_user` ON `video_work_log` (`user_id`, `created_at`);
