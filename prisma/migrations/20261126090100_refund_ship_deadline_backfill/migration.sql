-- Returns agreed before ship deadlines existed and still waiting for the shopper's shipment get one: the task config's
-- return_ship_days (7 when not set) after their last change, the agreement; the sweeper of unshipped returns then
-- closes those past it instead of leaving them open, and their orders unsettled, for ever.
UPDATE `refunds`
SET `ship_deadline` = DATE_ADD(`updated_at`, INTERVAL COALESCE(
  (SELECT NULLIF(CAST(JSON_VALUE(`content`, '$.return_ship_days') AS UNSIGNED), 0) FROM `configs` WHERE `name` = 'task' AND JSON_VALID(`content`)), 7) DAY)
WHERE `refund_verify` = 1 AND `refund_type` = 1 AND `refund_step` = 0 AND `ship_deadline` IS NULL;
