-- Whether a refund's units went back to stock (refunded before shipping, or returned): recorded when the money goes
-- back, so the seller's stock history and the checks need not guess it from timestamps.
ALTER TABLE `refunds` ADD COLUMN `stock_returned` tinyint(4) NOT NULL DEFAULT 0;
