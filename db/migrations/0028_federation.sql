-- Issue 40: ActivityPub through Fedify (decision 041). Fedify's key-value store (its caches, idempotence marks and
-- the remote documents it fetched) lives in our database, so every web process and `deno task worker` share it.
-- `key` is the JSON of Fedify's key parts; `expires_at` (ms) lets a sweep drop stale entries.
CREATE TABLE `fedify_kv` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer
);
--> statement-breakpoint
CREATE INDEX `fedify_kv_expires` ON `fedify_kv` (`expires_at`) WHERE `expires_at` IS NOT NULL;
--> statement-breakpoint
-- Each actor's key pairs (RSASSA-PKCS1-v1_5 for Mastodon's HTTP signatures, Ed25519 for object integrity proofs),
-- made once on first use and kept as JWK. `user_id` NULL is the instance actor's.
CREATE TABLE `actor_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`algorithm` text NOT NULL,
	`private_jwk` text NOT NULL,
	`public_jwk` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `actor_keys_owner_algorithm` ON `actor_keys` (coalesce(`user_id`, 0), `algorithm`);
--> statement-breakpoint
-- Accounts on other servers that we have heard from (followers now; repliers, likers and reporters with issue 40's
-- inbound half). `handle` is name@host; `banned_at` set means their activities are ignored.
CREATE TABLE `remote_actors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uri` text NOT NULL,
	`handle` text NOT NULL,
	`domain` text NOT NULL,
	`name` text,
	`url` text,
	`inbox` text NOT NULL,
	`shared_inbox` text,
	`banned_at` integer,
	`fetched_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `remote_actors_uri` ON `remote_actors` (`uri`);
--> statement-breakpoint
CREATE INDEX `remote_actors_domain` ON `remote_actors` (`domain`);
--> statement-breakpoint
-- A remote account following a member. `activity_id` is the Follow's id, which the Accept names and an Undo quotes.
CREATE TABLE `remote_follows` (
	`remote_actor_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`activity_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`remote_actor_id`, `user_id`),
	FOREIGN KEY (`remote_actor_id`) REFERENCES `remote_actors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
-- A member's followers collection, in follow order (and the paging of deliveries to them).
CREATE INDEX `remote_follows_user_created` ON `remote_follows` (`user_id`,`created_at`,`remote_actor_id`);
--> statement-breakpoint
-- Point 6: a member may leave the fediverse (0): their actor then answers 404 and nothing more is delivered.
ALTER TABLE `users` ADD `federated` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Shown beside the member followers on the profile; moved in the transaction that adds or removes a remote_follows row.
ALTER TABLE `users` ADD `remote_follower_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- When the item was first sent out as a Create (NULL: never left the site), so only sent items get Update or Delete.
ALTER TABLE `media` ADD `federated_at` integer;
--> statement-breakpoint
-- What the fediverse must hear of an item is decided by a job that reads the item as it then is (lib/federation/publish.ts).
-- Triggers queue it, so every writer (approval, the video job, hiding by reports, an admin's hide or rejection, an owner's
-- edit) is covered without each one remembering to: when an item becomes public and its owner has remote followers, or
-- when an item already sent changes. No media_id on these jobs: they are not the item's processing.
CREATE TRIGGER media_federation_update AFTER UPDATE OF review_status, hidden, playable, title, description, tags ON media
WHEN new.federated_at IS NOT NULL
  OR (new.review_status = 'approved' AND new.hidden = 0 AND new.playable = 1
      AND (SELECT remote_follower_count > 0 AND federated = 1 AND banned = 0 FROM users WHERE id = new.user_id)) BEGIN
  INSERT INTO jobs (kind, payload, max_attempts, run_after, created_at, updated_at) VALUES ('federation.item',
    json_object('mediaId', new.id), 3, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER),
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER media_federation_insert AFTER INSERT ON media
WHEN new.review_status = 'approved' AND new.hidden = 0 AND new.playable = 1
  AND (SELECT remote_follower_count > 0 AND federated = 1 AND banned = 0 FROM users WHERE id = new.user_id) BEGIN
  INSERT INTO jobs (kind, payload, max_attempts, run_after, created_at, updated_at) VALUES ('federation.item',
    json_object('mediaId', new.id), 3, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER),
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
-- A sent item deleted (by its owner or an admin): the job sends Delete with what it needs, the row being gone.
CREATE TRIGGER media_federation_delete AFTER DELETE ON media WHEN old.federated_at IS NOT NULL BEGIN
  INSERT INTO jobs (kind, payload, max_attempts, run_after, created_at, updated_at) VALUES ('federation.item_deleted',
    json_object('mediaId', old.id, 'userId', old.user_id), 3, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER),
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
-- A member with remote followers banned: the job sends Delete of the actor to those servers (a member leaving the
-- fediverse, point 6, queues the same job from PATCH /api/user). On bans, not users: a trigger on users changes
-- how SQLite runs its many other writes there.
CREATE TRIGGER bans_federation_leave AFTER INSERT ON bans
WHEN (SELECT remote_follower_count > 0 FROM users WHERE id = new.user_id) BEGIN
  INSERT INTO jobs (kind, payload, max_attempts, run_after, created_at, updated_at) VALUES ('federation.actor_left',
    json_object('userId', new.user_id), 3, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER),
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
