-- Roles get a description (spec §3: name, menus, permissions, description).
ALTER TABLE `admin_roles` ADD COLUMN `content` varchar(255) DEFAULT NULL;
ALTER TABLE `user_roles` ADD COLUMN `content` varchar(255) DEFAULT NULL;
