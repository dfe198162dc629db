-- The paid orders not settled yet, summed off the index for the dashboards' all-time sales (with the stores' settled
-- sales, modules/settlement/settledSales.ts): the (order_status, is_settlement) index carries pay_time, total_price and
-- refund_money. A payment and a settlement rewrite that entry anyway.
ALTER TABLE `orders`
    ADD INDEX `orders_unsettled_sales_idx`(`order_status`, `is_settlement`, `pay_time`, `total_price`, `refund_money`),
    DROP INDEX `orders_order_status_is_settlement_idx`;
