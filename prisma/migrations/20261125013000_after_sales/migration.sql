-- After-sales per line, settlement and the after-sale window (issue 10).
-- refund_goods: the lines and quantities a request covers; open_line is unique while the request is open, so a line
-- has at most one open request. orders: open_refunds (settlement waits while > 0), refund_money, settle_after (end of
-- the after-sale window). refunds: refund_no, arbitration, the auto-agree deadline, when the money went back.
-- Indexes replacing a foreign key's own index are created before the old one is dropped.
ALTER TABLE `order_settlements` DROP CONSTRAINT `order_settlements_money_nonneg`;
CREATE TABLE `refund_goods` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `refund_id` int(11) NOT NULL,
  `order_id` int(11) NOT NULL,
  `order_goods_id` int(11) NOT NULL,
  `num` int(11) NOT NULL,
  `money` decimal(12,2) NOT NULL DEFAULT 0.00,
  `open_line` int(11) DEFAULT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  UNIQUE KEY `refund_goods_open_line_key` (`open_line`),
  KEY `refund_goods_refund_id_idx` (`refund_id`),
  KEY `refund_goods_order_goods_id_idx` (`order_goods_id`),
  KEY `refund_goods_order_id_idx` (`order_id`),
  CONSTRAINT `refund_goods_num_pos` CHECK (`num` > 0 and `money` >= 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
ALTER TABLE `order_settlements` ADD COLUMN `refund_money` decimal(12,2) NOT NULL DEFAULT 0.00;
ALTER TABLE `orders` ADD COLUMN `open_refunds` int(11) NOT NULL DEFAULT 0;
ALTER TABLE `orders` ADD COLUMN `refund_money` decimal(12,2) NOT NULL DEFAULT 0.00;
ALTER TABLE `orders` ADD COLUMN `settle_after` datetime(3) DEFAULT NULL;
ALTER TABLE `refunds` ADD COLUMN `refund_no` varchar(32) NOT NULL DEFAULT '';
UPDATE `refunds` SET `refund_no` = CONCAT('R', LPAD(`id`, 12, '0')) WHERE `refund_no` = '';
ALTER TABLE `refunds` ALTER COLUMN `refund_no` DROP DEFAULT;
ALTER TABLE `refunds` ADD COLUMN `arbitration_remark` text DEFAULT NULL;
ALTER TABLE `refunds` ADD COLUMN `admin_remark` text DEFAULT NULL;
ALTER TABLE `refunds` ADD COLUMN `agree_deadline` datetime(3) DEFAULT NULL;
ALTER TABLE `refunds` ADD COLUMN `refunded_at` datetime(3) DEFAULT NULL;
ALTER TABLE `refunds` ADD COLUMN `pay_refund_no` varchar(64) DEFAULT NULL;
CREATE INDEX `orders_is_settlement_settle_after_idx` ON `orders`(`is_settlement`, `settle_after`);
CREATE INDEX `orders_store_id_is_settlement_idx` ON `orders`(`store_id`, `is_settlement`);
CREATE INDEX `orders_user_id_open_refunds_idx` ON `orders`(`user_id`, `open_refunds`);
CREATE INDEX `order_settlements_created_at_idx` ON `order_settlements`(`created_at`);
CREATE INDEX `order_settlements_store_id_created_at_idx` ON `order_settlements`(`store_id`, `created_at`);
CREATE INDEX `refunds_created_at_idx` ON `refunds`(`created_at`);
CREATE UNIQUE INDEX `refunds_refund_no_key` ON `refunds`(`refund_no`);
CREATE INDEX `refunds_refund_type_created_at_idx` ON `refunds`(`refund_type`, `created_at`);
CREATE INDEX `refunds_refund_verify_agree_deadline_idx` ON `refunds`(`refund_verify`, `agree_deadline`);
CREATE INDEX `refunds_store_id_created_at_idx` ON `refunds`(`store_id`, `created_at`);
CREATE INDEX `refunds_store_id_refund_type_created_at_idx` ON `refunds`(`store_id`, `refund_type`, `created_at`);
CREATE INDEX `refunds_user_id_created_at_idx` ON `refunds`(`user_id`, `created_at`);
ALTER TABLE `order_settlements` ADD CONSTRAINT `order_settlements_money_nonneg` CHECK (`total_price` >= 0 and `refund_money` >= 0 and `settlement_price` >= 0 and `commission_money` >= 0 and `distribution_money` >= 0);
ALTER TABLE `orders` ADD CONSTRAINT `orders_refunds_range` CHECK (`open_refunds` >= 0 and `refund_money` >= 0 and `refund_money` <= `total_price`);
ALTER TABLE `refund_goods` ADD CONSTRAINT `refund_goods_order_goods_id_fkey` FOREIGN KEY (`order_goods_id`) REFERENCES `order_goods` (`id`) ON UPDATE CASCADE;
ALTER TABLE `refund_goods` ADD CONSTRAINT `refund_goods_refund_id_fkey` FOREIGN KEY (`refund_id`) REFERENCES `refunds` (`id`) ON UPDATE CASCADE;
DROP INDEX `order_settlements_store_id_idx` ON `order_settlements`;
DROP INDEX `refunds_user_id_idx` ON `refunds`;
