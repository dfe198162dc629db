-- After-sales requests that end without the seller: when an agreed return must be shipped back by (it closes by itself
-- after that), and who closed a request and when (the admin, or nobody when it closed by itself; why is admin_remark).
-- The index serves the sweeper of unshipped returns: agreed (1), waiting for the shipment (step 0), deadline passed.
ALTER TABLE `refunds` ADD COLUMN `ship_deadline` datetime(3) DEFAULT NULL;
ALTER TABLE `refunds` ADD COLUMN `closed_at` datetime(3) DEFAULT NULL;
ALTER TABLE `refunds` ADD COLUMN `closed_by` int(11) DEFAULT NULL;
CREATE INDEX `refunds_refund_verify_refund_step_ship_deadline_idx` ON `refunds`(`refund_verify`, `refund_step`, `ship_deadline`);
