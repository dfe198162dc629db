-- Each store's settled orders and their sales, added in the settlement's unit (modules/settlement/settledSales.ts): the
-- dashboards' all-time sales are these plus the paid orders not settled yet (summed off orders_unsettled_sales_idx).
-- Filled here from the orders settled so far (the same query as `pnpm db:rebuild-sales`).
CREATE TABLE `store_settled_sales` (
  `store_id` int(11) NOT NULL,
  `orders` int(11) NOT NULL DEFAULT 0,
  `sales` decimal(16,2) NOT NULL DEFAULT 0.00,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`store_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

INSERT INTO `store_settled_sales` (`store_id`, `orders`, `sales`)
SELECT `store_id`, COUNT(*), SUM(`total_price` - `refund_money`) FROM `orders` WHERE `is_settlement` = 1 GROUP BY `store_id`;
