-- Each store's paid orders and their sales per site day (the day the order was placed, on the site's clock), and each
-- goods' units and sales per site day: the units that pay and refund add rows to sales_day_deltas (inserts only: no
-- row for a busy store's payments to queue on), which the `sales-days` timed task folds into the sums every minute
-- (modules/dashboard/salesDays.ts); the dashboards and sales reports sum the sums and the deltas of the period instead
-- of every paid order of it.
-- sales_days_state names the zone the days are counted in; it is empty until the rows are built from the orders
-- (the `sales-days` timed task, or `pnpm db:rebuild-sales`), and until then the dashboards read the orders.
CREATE TABLE `sales_days` (
  `day` date NOT NULL,
  `store_id` int(11) NOT NULL,
  `orders` int(11) NOT NULL DEFAULT 0,
  `sales` decimal(16,2) NOT NULL DEFAULT 0.00,
  `refunds` decimal(16,2) NOT NULL DEFAULT 0.00,
  PRIMARY KEY (`day`, `store_id`),
  KEY `sales_days_store_idx` (`store_id`, `day`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `sales_goods_days` (
  `day` date NOT NULL,
  `goods_id` int(11) NOT NULL,
  `store_id` int(11) NOT NULL,
  `sold` int(11) NOT NULL DEFAULT 0,
  `sales` decimal(16,2) NOT NULL DEFAULT 0.00,
  `last_line` int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (`day`, `goods_id`),
  KEY `sales_goods_days_store_idx` (`store_id`, `day`, `goods_id`, `sold`, `sales`, `last_line`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `sales_day_deltas` (
  `id` bigint(20) NOT NULL AUTO_INCREMENT,
  `day` date NOT NULL,
  `store_id` int(11) NOT NULL,
  `goods_id` int(11) NOT NULL DEFAULT 0,
  `orders` int(11) NOT NULL DEFAULT 0,
  `sold` int(11) NOT NULL DEFAULT 0,
  `sales` decimal(16,2) NOT NULL DEFAULT 0.00,
  `refunds` decimal(16,2) NOT NULL DEFAULT 0.00,
  `last_line` int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (`id`),
  KEY `sales_day_deltas_day_idx` (`day`, `store_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `sales_days_state` (
  `id` tinyint(4) NOT NULL,
  `zone` varchar(64) NOT NULL DEFAULT '',
  `built_at` datetime(3) NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

INSERT INTO `sales_days_state` (`id`, `zone`) VALUES (1, '');

-- How many times a unit changed the sums of a day before today (a refund of an older order, a late payment): the
-- platform's figures of such days are cached under this count (modules/dashboard/closedDays.ts). One row.
CREATE TABLE `sales_days_closed` (
  `id` tinyint(4) NOT NULL,
  `changes` bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
