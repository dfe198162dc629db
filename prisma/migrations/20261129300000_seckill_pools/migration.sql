-- Flash sales with a fixed price per goods or SKU, their own stock pool, per-shopper counts and the orders holding
-- units of the pool (modules/seckill).
CREATE UNIQUE INDEX `seckill_orders_order_id_key` ON `seckill_orders`(`order_id`);
CREATE INDEX `seckill_orders_seckill_id_user_id_idx` ON `seckill_orders`(`seckill_id`, `user_id`);
DROP INDEX `seckill_orders_order_id_idx` ON `seckill_orders`;
DROP INDEX `seckill_orders_seckill_id_user_id_key` ON `seckill_orders`;
ALTER TABLE `seckills` DROP CONSTRAINT `seckills_stock_nonneg`;
ALTER TABLE `seckills` DROP CONSTRAINT `seckills_discount_range`;
CREATE TABLE `seckill_buyers` (
  `seckill_id` int(11) NOT NULL,
  `user_id` int(11) NOT NULL,
  `bought` int(11) NOT NULL DEFAULT 0,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`seckill_id`,`user_id`),
  CONSTRAINT `seckill_buyers_bought_nonneg` CHECK (`bought` >= 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
ALTER TABLE `seckills` ADD COLUMN `sku_id` int(11) NOT NULL DEFAULT 0;
ALTER TABLE `seckills` ADD COLUMN `price` decimal(12,2) NOT NULL DEFAULT 0.00;
ALTER TABLE `seckills` ADD COLUMN `sold` int(11) NOT NULL DEFAULT 0;
ALTER TABLE `seckills` ADD COLUMN `returned` tinyint(4) NOT NULL DEFAULT 0;
ALTER TABLE `seckills` ADD COLUMN `returned_num` int(11) NOT NULL DEFAULT 0;
ALTER TABLE `seckill_orders` ADD COLUMN `buy_num` int(11) NOT NULL DEFAULT 1;
ALTER TABLE `seckill_orders` ADD COLUMN `status` tinyint(4) NOT NULL DEFAULT 1;
ALTER TABLE `seckills` DROP COLUMN `discount`;
CREATE INDEX `seckills_end_time_idx` ON `seckills`(`end_time`);
CREATE INDEX `seckills_returned_end_time_idx` ON `seckills`(`returned`, `end_time`);
ALTER TABLE `seckills` ADD CONSTRAINT `seckills_stock_nonneg` CHECK (`stock` >= 0 and `sold` >= 0 and `returned_num` >= 0);
ALTER TABLE `seckills` ADD CONSTRAINT `seckills_price_nonneg` CHECK (`price` >= 0);
ALTER TABLE `seckill_buyers` ADD CONSTRAINT `seckill_buyers_seckill_id_fkey` FOREIGN KEY (`seckill_id`) REFERENCES `seckills` (`id`) ON DELETE CASCADE ON UPDATE CASCADE;
