-- Gateway payments: what the pay page shows, when the gateway order expires, and the automatic full refund of a
-- payment that arrived for orders no longer payable. pay_status gains 2 (closed).
ALTER TABLE `order_pays`
  ADD COLUMN `gateway_url` VARCHAR(1024) NOT NULL DEFAULT '' AFTER `pay_time`,
  ADD COLUMN `expires_at` DATETIME(3) NULL AFTER `gateway_url`,
  ADD COLUMN `late_refund_status` TINYINT NOT NULL DEFAULT 0 AFTER `expires_at`,
  ADD COLUMN `late_refund_no` VARCHAR(32) NULL AFTER `late_refund_status`,
  ADD COLUMN `late_refunded_at` DATETIME(3) NULL AFTER `late_refund_no`;
CREATE UNIQUE INDEX `order_pays_late_refund_no_key` ON `order_pays`(`late_refund_no`);
CREATE INDEX `order_pays_pay_status_payment_name_created_at_idx` ON `order_pays`(`pay_status`, `payment_name`, `created_at`);
CREATE INDEX `order_pays_late_refund_status_updated_at_idx` ON `order_pays`(`late_refund_status`, `updated_at`);
