-- Money out and referrals. Admins' manual ledger adjustments keep an audit row (who, whom, which fund, how much, why),
-- which no route edits. Withdrawals are counted per owner and day (the daily limit) on (owner, created_at). Order lines
-- carry the referral beneficiaries and rates frozen at checkout (0 = none); settlement pays them. Referral commission
-- rows are unique per line and level, so a settlement writes each once.
CREATE TABLE `money_adjustments` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `admin_id` INTEGER NOT NULL,
    `is_belong` TINYINT NOT NULL DEFAULT 0,
    `user_id` INTEGER NOT NULL,
    `is_type` TINYINT NOT NULL DEFAULT 0,
    `money` DECIMAL(12, 2) NOT NULL,
    `remark` VARCHAR(255) NOT NULL,
    `money_log_id` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `money_adjustments_user_id_is_belong_idx`(`user_id`, `is_belong`),
    INDEX `money_adjustments_admin_id_idx`(`admin_id`),
    INDEX `money_adjustments_created_at_idx`(`created_at`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE INDEX `cashes_user_id_created_at_idx` ON `cashes`(`user_id`, `created_at`);
CREATE INDEX `cashes_store_id_created_at_idx` ON `cashes`(`store_id`, `created_at`);
CREATE INDEX `cashes_created_at_idx` ON `cashes`(`created_at`);

ALTER TABLE `order_goods` ADD COLUMN `dist_user_1` INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN `dist_user_2` INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN `dist_user_3` INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN `dist_lev_1` DECIMAL(5, 2) NOT NULL DEFAULT 0,
    ADD COLUMN `dist_lev_2` DECIMAL(5, 2) NOT NULL DEFAULT 0,
    ADD COLUMN `dist_lev_3` DECIMAL(5, 2) NOT NULL DEFAULT 0;
CREATE INDEX `order_goods_dist_user_1_idx` ON `order_goods`(`dist_user_1`);
CREATE INDEX `order_goods_dist_user_2_idx` ON `order_goods`(`dist_user_2`);
CREATE INDEX `order_goods_dist_user_3_idx` ON `order_goods`(`dist_user_3`);

ALTER TABLE `distribution_logs` ADD COLUMN `level` TINYINT NOT NULL DEFAULT 1;
CREATE UNIQUE INDEX `distribution_logs_order_goods_id_level_key` ON `distribution_logs`(`order_goods_id`, `level`);
CREATE INDEX `distribution_logs_created_at_idx` ON `distribution_logs`(`created_at`);
CREATE INDEX `distribution_logs_status_idx` ON `distribution_logs`(`status`);
