-- Each line's and each settlement's share of the platform coupon (paid by the platform, added back to the store).
ALTER TABLE `order_goods` ADD COLUMN `platform_coupon_money` decimal(12,2) NOT NULL DEFAULT 0.00;
ALTER TABLE `order_settlements` ADD COLUMN `platform_coupon_money` decimal(12,2) NOT NULL DEFAULT 0.00;
ALTER TABLE `order_goods` ADD CONSTRAINT `order_goods_platform_coupon_range` CHECK (`platform_coupon_money` >= 0 and `platform_coupon_money` <= `discount_money`);
