-- Points (docs/points.md): the points each order earned on receipt and what refunds took back since, and the
-- shoppers' daily sign-ins (one row per shopper and day: the unique key decides between concurrent sign-ins).
CREATE TABLE `order_integrals` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `order_id` int(11) NOT NULL,
  `user_id` int(11) NOT NULL,
  `points` int(11) NOT NULL DEFAULT 0,
  `base` decimal(12,2) NOT NULL DEFAULT 0.00,
  `refunded` decimal(12,2) NOT NULL DEFAULT 0.00,
  `taken` int(11) NOT NULL DEFAULT 0,
  `unrecovered` int(11) NOT NULL DEFAULT 0,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  UNIQUE KEY `order_integrals_order_id_key` (`order_id`),
  KEY `order_integrals_user_id_idx` (`user_id`),
  CONSTRAINT `order_integrals_nonneg` CHECK (`points` >= 0 and `taken` >= 0 and `unrecovered` >= 0 and `base` >= 0 and `refunded` >= 0)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
CREATE TABLE `user_sign_ins` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `user_id` int(11) NOT NULL,
  `sign_day` date NOT NULL,
  `streak` int(11) NOT NULL DEFAULT 1,
  `points` int(11) NOT NULL DEFAULT 0,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  UNIQUE KEY `user_sign_ins_user_id_sign_day_key` (`user_id`,`sign_day`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
ALTER TABLE `order_integrals` ADD CONSTRAINT `order_integrals_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders` (`id`) ON UPDATE CASCADE;
ALTER TABLE `user_sign_ins` ADD CONSTRAINT `user_sign_ins_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON UPDATE CASCADE;
