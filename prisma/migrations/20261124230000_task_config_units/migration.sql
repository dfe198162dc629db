-- The `task` config names the unit of each duration and gains the after-sales and refund periods:
-- {cancel (days), confirm, settlement} becomes {cancel_minutes, confirm_days, settlement_days, after_sale_days,
-- refund_agree_hours}. A saved cancel period keeps its length (days × 1440 minutes, within the form's 1–10080);
-- missing or unreadable values take the defaults (30 minutes, 7, 7, 7 days, 48 hours).
UPDATE configs
SET content = JSON_OBJECT(
  'cancel_minutes', IF(JSON_VALUE(content, '$.cancel') REGEXP '^[0-9]+(\\.[0-9]+)?$',
    LEAST(GREATEST(CAST(ROUND(JSON_VALUE(content, '$.cancel') * 1440) AS UNSIGNED), 1), 10080), 30),
  'confirm_days', IF(JSON_VALUE(content, '$.confirm') REGEXP '^[0-9]+$',
    LEAST(GREATEST(CAST(JSON_VALUE(content, '$.confirm') AS UNSIGNED), 1), 365), 7),
  'settlement_days', IF(JSON_VALUE(content, '$.settlement') REGEXP '^[0-9]+$',
    LEAST(GREATEST(CAST(JSON_VALUE(content, '$.settlement') AS UNSIGNED), 1), 365), 7),
  'after_sale_days', 7,
  'refund_agree_hours', 48
), is_type = 1
WHERE name = 'task' AND JSON_VALID(content) AND JSON_VALUE(content, '$.cancel_minutes') IS NULL;
