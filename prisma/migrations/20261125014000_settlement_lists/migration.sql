-- Settlement and ledger lists (issue 10): the store's money log by reason or date, the admin's money log by owner kind,
-- account, reason or date, and the admin's payments by gateway number, status or date.
CREATE INDEX `money_logs_created_at_idx` ON `money_logs`(`created_at`);
CREATE INDEX `money_logs_ename_created_at_idx` ON `money_logs`(`ename`, `created_at`);
CREATE INDEX `money_logs_is_belong_created_at_idx` ON `money_logs`(`is_belong`, `created_at`);
CREATE INDEX `money_logs_is_type_created_at_idx` ON `money_logs`(`is_type`, `created_at`);
CREATE INDEX `money_logs_user_id_created_at_idx` ON `money_logs`(`user_id`, `created_at`);
CREATE INDEX `money_logs_user_id_ename_idx` ON `money_logs`(`user_id`, `ename`);
CREATE INDEX `order_pays_created_at_idx` ON `order_pays`(`created_at`);
CREATE INDEX `order_pays_pay_status_created_at_idx` ON `order_pays`(`pay_status`, `created_at`);
CREATE INDEX `order_pays_trade_no_idx` ON `order_pays`(`trade_no`);
