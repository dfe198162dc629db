-- The dashboards' sales (modules/dashboard/sales.ts) summed off the indexes: the figures' columns are appended to the
-- (store_id, order_status, created_at) and (order_status, created_at) indexes of orders and to the order_id index of
-- order_goods, which keep serving what they served (their columns lead). On a million orders the platform's and a
-- store's sums read the rows one by one without them (bench/lists.ts, docs/scaling.md). The (order_status, created_at,
-- pay_time, total_price, refund_money) index of 20261129950000_dashboard_sales_index, which runs just before, is the
-- same index without user_id (the report's buyers): this one replaces it, so it is kept once.
ALTER TABLE `orders`
    ADD INDEX `orders_store_sales_idx`(`store_id`, `order_status`, `created_at`, `pay_time`, `total_price`, `refund_money`, `user_id`),
    ADD INDEX `orders_status_sales_idx`(`order_status`, `created_at`, `pay_time`, `total_price`, `refund_money`, `user_id`),
    DROP INDEX `orders_store_id_order_status_created_at_idx`,
    DROP INDEX `orders_order_status_created_at_sales_idx`;

ALTER TABLE `order_goods`
    ADD INDEX `order_goods_order_sales_idx`(`order_id`, `goods_id`, `buy_num`, `refunded_num`, `total_price`, `refunded_money`),
    DROP INDEX `order_goods_order_id_idx`;
