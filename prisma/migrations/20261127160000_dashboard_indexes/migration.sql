-- The dashboards read sales by the time orders were paid: platform-wide (admin) and per store (seller).
CREATE INDEX `orders_pay_time_idx` ON `orders`(`pay_time`);
CREATE INDEX `orders_store_id_pay_time_idx` ON `orders`(`store_id`, `pay_time`);
