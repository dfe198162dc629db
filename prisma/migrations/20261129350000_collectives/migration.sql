-- Group buys (modules/collectives): a definition per goods with its time to fill in minutes, opened groups with their
-- paid seats and expiry, and seats with their state (held, paid, released, refunded).
ALTER TABLE `collectives` CHANGE `expire_hours` `expire_minutes` int(11) NOT NULL DEFAULT 1440;
UPDATE `collectives` SET `expire_minutes` = `expire_minutes` * 60;
ALTER TABLE `collectives` ADD CONSTRAINT `collectives_expire_min` CHECK (expire_minutes >= 5);
CREATE UNIQUE INDEX `collectives_goods_id_key` ON `collectives`(`goods_id`);
DROP INDEX `collectives_goods_id_idx` ON `collectives`;
CREATE INDEX `collectives_created_at_idx` ON `collectives`(`created_at`);

ALTER TABLE `collective_logs` CHANGE `expire_time` `expire_at` datetime(3) NOT NULL;
ALTER TABLE `collective_logs` ADD COLUMN `paid_num` int(11) NOT NULL DEFAULT 0;
ALTER TABLE `collective_logs` ADD CONSTRAINT `collective_logs_paid_num_range` CHECK (paid_num >= 0 AND paid_num <= need);
ALTER TABLE `collective_logs` RENAME INDEX `collective_logs_status_expire_time_idx` TO `collective_logs_status_expire_at_idx`;
CREATE INDEX `collective_logs_created_at_idx` ON `collective_logs`(`created_at`);

ALTER TABLE `collective_members` ADD COLUMN `live_user` int(11) DEFAULT NULL;
ALTER TABLE `collective_members` ADD COLUMN `status` tinyint(4) NOT NULL DEFAULT 0;
ALTER TABLE `collective_members` ADD COLUMN `refund_id` int(11) NOT NULL DEFAULT 0;
UPDATE `collective_members` SET `live_user` = `user_id`;
CREATE UNIQUE INDEX `collective_members_collective_log_id_live_user_key` ON `collective_members`(`collective_log_id`, `live_user`);
CREATE INDEX `collective_members_collective_log_id_status_idx` ON `collective_members`(`collective_log_id`, `status`);
DROP INDEX `collective_members_collective_log_id_user_id_key` ON `collective_members`;
CREATE UNIQUE INDEX `collective_members_order_id_key` ON `collective_members`(`order_id`);
DROP INDEX `collective_members_order_id_idx` ON `collective_members`;
CREATE INDEX `collective_logs_store_id_expire_at_idx` ON `collective_logs`(`store_id`, `expire_at`);
DROP INDEX `collective_logs_store_id_idx` ON `collective_logs`;
