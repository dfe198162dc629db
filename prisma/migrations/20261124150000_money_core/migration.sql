-- The money core (issue #6, part 1): what orders, payments and the ledger need before any order code.
-- - idempotency_keys: the first answer of a request sent with an Idempotency-Key, per (area, owner, key).
-- - orders: the payment that paid the order, the deadline of an unpaid order (cancel job and sweeper), list indexes.
-- - order_goods: each line's share of the discounts, and what of it was refunded.
-- - order_pays: trade_no NULL until a gateway names it (and for balance payments), unique per gateway.
-- - money_logs: the source of each change; idempotency keys unique per account.
-- - Order, payment and purchase history is never deleted by a cascade: those foreign keys restrict, and a flash-sale
--   purchase keeps its seckill id as a snapshot, so deleting the flash sale or its goods keeps the history.
-- Runs on MySQL 8.4 and MariaDB 10.11: the new indexes that serve the foreign keys exist before the old ones go.

-- CreateTable
CREATE TABLE `idempotency_keys` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `area` VARCHAR(32) NOT NULL,
    `owner_id` INTEGER NOT NULL,
    `idem_key` VARCHAR(64) NOT NULL,
    `request_hash` CHAR(64) NOT NULL,
    `response` JSON NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `idempotency_keys_area_owner_id_idem_key_key`(`area`, `owner_id`, `idem_key`),
    INDEX `idempotency_keys_created_at_idx`(`created_at`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- orders
ALTER TABLE `orders` ADD COLUMN `pay_deadline` DATETIME(3) NULL, ADD COLUMN `order_pay_id` INTEGER NULL;
CREATE INDEX `orders_user_id_order_status_created_at_idx` ON `orders`(`user_id`, `order_status`, `created_at`);
CREATE INDEX `orders_user_id_created_at_idx` ON `orders`(`user_id`, `created_at`);
CREATE INDEX `orders_store_id_order_status_created_at_idx` ON `orders`(`store_id`, `order_status`, `created_at`);
CREATE INDEX `orders_store_id_created_at_idx` ON `orders`(`store_id`, `created_at`);
CREATE INDEX `orders_order_status_pay_deadline_idx` ON `orders`(`order_status`, `pay_deadline`);
CREATE INDEX `orders_created_at_idx` ON `orders`(`created_at`);
CREATE INDEX `orders_order_pay_id_idx` ON `orders`(`order_pay_id`);
DROP INDEX `orders_user_id_order_status_idx` ON `orders`;
DROP INDEX `orders_store_id_order_status_idx` ON `orders`;
ALTER TABLE `orders` ADD CONSTRAINT `orders_order_pay_id_fkey` FOREIGN KEY (`order_pay_id`) REFERENCES `order_pays`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- order_goods
ALTER TABLE `order_goods`
    ADD COLUMN `discount_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    ADD COLUMN `refunded_num` INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN `refunded_money` DECIMAL(12, 2) NOT NULL DEFAULT 0;
ALTER TABLE `order_goods` ADD CONSTRAINT `order_goods_discount_range` CHECK (discount_money >= 0 AND discount_money <= total_price);
ALTER TABLE `order_goods` ADD CONSTRAINT `order_goods_refund_range` CHECK (refunded_num >= 0 AND refunded_num <= buy_num AND refunded_money >= 0 AND refunded_money <= total_price - discount_money);

-- order_pays: '' and '-' stood for "no gateway transaction"
ALTER TABLE `order_pays` MODIFY `trade_no` VARCHAR(64) NULL;
UPDATE `order_pays` SET `trade_no` = NULL WHERE `trade_no` IN ('', '-');
CREATE UNIQUE INDEX `order_pays_payment_name_trade_no_key` ON `order_pays`(`payment_name`, `trade_no`);
DROP INDEX `order_pays_trade_no_idx` ON `order_pays`;

-- money_logs
ALTER TABLE `money_logs` ADD COLUMN `source_type` VARCHAR(32) NOT NULL DEFAULT '', ADD COLUMN `source_id` INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX `money_logs_user_id_is_belong_is_type_idem_key_key` ON `money_logs`(`user_id`, `is_belong`, `is_type`, `idem_key`);
CREATE INDEX `money_logs_source_type_source_id_idx` ON `money_logs`(`source_type`, `source_id`);
DROP INDEX `money_logs_idem_key_key` ON `money_logs`;

-- History keeps its rows: cascades become restrictions
ALTER TABLE `order_goods` DROP FOREIGN KEY `order_goods_order_id_fkey`;
ALTER TABLE `order_goods` ADD CONSTRAINT `order_goods_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE `order_pay_orders` DROP FOREIGN KEY `order_pay_orders_order_pay_id_fkey`;
ALTER TABLE `order_pay_orders` ADD CONSTRAINT `order_pay_orders_order_pay_id_fkey` FOREIGN KEY (`order_pay_id`) REFERENCES `order_pays`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE `order_pay_orders` DROP FOREIGN KEY `order_pay_orders_order_id_fkey`;
ALTER TABLE `order_pay_orders` ADD CONSTRAINT `order_pay_orders_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE `order_comments` DROP FOREIGN KEY `order_comments_order_id_fkey`;
ALTER TABLE `order_comments` ADD CONSTRAINT `order_comments_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE `order_comments` DROP FOREIGN KEY `order_comments_order_goods_id_fkey`;
ALTER TABLE `order_comments` ADD CONSTRAINT `order_comments_order_goods_id_fkey` FOREIGN KEY (`order_goods_id`) REFERENCES `order_goods`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE `collective_members` DROP FOREIGN KEY `collective_members_order_id_fkey`;
ALTER TABLE `collective_members` ADD CONSTRAINT `collective_members_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE `integral_order_goods` DROP FOREIGN KEY `integral_order_goods_order_id_fkey`;
ALTER TABLE `integral_order_goods` ADD CONSTRAINT `integral_order_goods_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `integral_orders`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE `seckill_orders` DROP FOREIGN KEY `seckill_orders_seckill_id_fkey`;
ALTER TABLE `seckill_orders` DROP FOREIGN KEY `seckill_orders_user_id_fkey`;
ALTER TABLE `seckill_orders` ADD CONSTRAINT `seckill_orders_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE `seckill_orders` DROP FOREIGN KEY `seckill_orders_order_id_fkey`;
ALTER TABLE `seckill_orders` ADD CONSTRAINT `seckill_orders_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;
