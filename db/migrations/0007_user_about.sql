ALTER TABLE `users` ADD `about` text DEFAULT '' NOT NULL;
