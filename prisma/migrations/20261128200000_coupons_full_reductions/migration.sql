-- Coupons of the platform (store_id NULL), per-shopper limits counted in coupon_receivers, validity after receipt,
-- goods scope; the platform coupon's share of each order (added back to the store in settlement).
CREATE TABLE `coupon_receivers` (
  `coupon_id` int(11) NOT NULL,
  `user_id` int(11) NOT NULL,
  `received` int(11) NOT NULL DEFAULT 0,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`coupon_id`,`user_id`),
  KEY `coupon_receivers_user_id_idx` (`user_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
ALTER TABLE `coupons` MODIFY `store_id` int(11) DEFAULT NULL;
ALTER TABLE `coupons` ADD COLUMN `limit_num` int(11) NOT NULL DEFAULT 1;
ALTER TABLE `coupons` ADD COLUMN `valid_days` int(11) NOT NULL DEFAULT 0;
ALTER TABLE `coupons` ADD COLUMN `goods_ids` varchar(2000) NOT NULL DEFAULT '';
ALTER TABLE `orders` ADD COLUMN `platform_coupon_id` int(11) NOT NULL DEFAULT 0;
ALTER TABLE `orders` ADD COLUMN `platform_coupon_money` decimal(12,2) NOT NULL DEFAULT 0.00;
ALTER TABLE `coupon_logs` MODIFY `store_id` int(11) DEFAULT NULL;
ALTER TABLE `coupon_logs` ADD COLUMN `goods_ids` varchar(2000) NOT NULL DEFAULT '';
CREATE INDEX `coupons_end_time_idx` ON `coupons`(`end_time`);
CREATE INDEX `coupon_logs_created_at_idx` ON `coupon_logs`(`created_at`);
CREATE INDEX `orders_platform_coupon_id_idx` ON `orders`(`platform_coupon_id`);
ALTER TABLE `coupons` ADD CONSTRAINT `coupons_limit_valid_nonneg` CHECK (`limit_num` >= 0 and `valid_days` >= 0);
ALTER TABLE `orders` ADD CONSTRAINT `orders_platform_coupon_nonneg` CHECK (`platform_coupon_money` >= 0);
ALTER TABLE `coupon_receivers` ADD CONSTRAINT `coupon_receivers_coupon_id_fkey` FOREIGN KEY (`coupon_id`) REFERENCES `coupons` (`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `coupon_receivers` ADD CONSTRAINT `coupon_receivers_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE CASCADE ON UPDATE CASCADE;
