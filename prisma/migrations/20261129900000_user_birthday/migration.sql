-- The shopper's own profile (/user/info) keeps a birthday; NULL until given.
ALTER TABLE `users` ADD COLUMN `birthday` DATE NULL AFTER `sex`;
