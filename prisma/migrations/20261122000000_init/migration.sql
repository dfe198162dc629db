-- CreateTable
CREATE TABLE `admins` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL DEFAULT 0,
    `username` VARCHAR(32) NOT NULL,
    `password` VARCHAR(255) NOT NULL,
    `nickname` VARCHAR(32) NOT NULL DEFAULT '',
    `avatar` VARCHAR(255) NOT NULL DEFAULT '',
    `is_super` TINYINT NOT NULL DEFAULT 0,
    `ip` VARCHAR(45) NOT NULL DEFAULT '',
    `login_time` DATETIME(3) NULL,
    `last_login_time` DATETIME(3) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `admins_username_key`(`username`),
    INDEX `admins_belong_id_idx`(`belong_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `admin_roles` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL DEFAULT 0,
    `name` VARCHAR(64) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `admin_roles_belong_id_idx`(`belong_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `admin_to_roles` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `admin_id` INTEGER NOT NULL,
    `role_id` INTEGER NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `admin_to_roles_role_id_idx`(`role_id`),
    UNIQUE INDEX `admin_to_roles_admin_id_role_id_key`(`admin_id`, `role_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `admin_permission_groups` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `name` VARCHAR(64) NOT NULL,
    `content` VARCHAR(255) NOT NULL DEFAULT '',
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `admin_permissions` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `pid` INTEGER NOT NULL,
    `name` VARCHAR(64) NOT NULL,
    `apis` VARCHAR(120) NOT NULL,
    `content` VARCHAR(255) NOT NULL DEFAULT '',
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `admin_permissions_apis_key`(`apis`),
    INDEX `admin_permissions_pid_idx`(`pid`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `admin_to_permissions` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `role_id` INTEGER NOT NULL,
    `permission_id` INTEGER NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `admin_to_permissions_permission_id_idx`(`permission_id`),
    UNIQUE INDEX `admin_to_permissions_role_id_permission_id_key`(`role_id`, `permission_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `admin_menus` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `pid` INTEGER NOT NULL DEFAULT 0,
    `name` VARCHAR(64) NOT NULL,
    `ename` VARCHAR(64) NOT NULL DEFAULT '',
    `icon` VARCHAR(64) NOT NULL DEFAULT '',
    `apis` VARCHAR(255) NOT NULL DEFAULT '',
    `view` VARCHAR(255) NOT NULL DEFAULT '',
    `is_open` TINYINT NOT NULL DEFAULT 0,
    `content` VARCHAR(255) NOT NULL DEFAULT '',
    `is_sort` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `admin_menus_pid_is_sort_idx`(`pid`, `is_sort`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `admin_to_menus` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `role_id` INTEGER NOT NULL,
    `menu_id` INTEGER NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `admin_to_menus_menu_id_idx`(`menu_id`),
    UNIQUE INDEX `admin_to_menus_role_id_menu_id_key`(`role_id`, `menu_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `users` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL DEFAULT 0,
    `username` VARCHAR(32) NOT NULL,
    `password` VARCHAR(255) NOT NULL,
    `pay_password` VARCHAR(255) NULL,
    `nickname` VARCHAR(32) NOT NULL DEFAULT '',
    `sex` TINYINT NOT NULL DEFAULT 1,
    `avatar` VARCHAR(255) NOT NULL DEFAULT '',
    `phone` VARCHAR(20) NULL,
    `email` VARCHAR(100) NULL,
    `money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `frozen_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `integral` INTEGER NOT NULL DEFAULT 0,
    `inviter_id` INTEGER NOT NULL DEFAULT 0,
    `status` TINYINT NOT NULL DEFAULT 1,
    `ip` VARCHAR(45) NOT NULL DEFAULT '',
    `login_time` DATETIME(3) NULL,
    `last_login_time` DATETIME(3) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `users_username_key`(`username`),
    UNIQUE INDEX `users_phone_key`(`phone`),
    INDEX `users_belong_id_idx`(`belong_id`),
    INDEX `users_inviter_id_idx`(`inviter_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `users_money_nonneg` CHECK (money >= 0),
    CONSTRAINT `users_frozen_money_nonneg` CHECK (frozen_money >= 0),
    CONSTRAINT `users_integral_nonneg` CHECK (integral >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `user_roles` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL,
    `name` VARCHAR(64) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `user_roles_belong_id_idx`(`belong_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `user_to_roles` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NOT NULL,
    `role_id` INTEGER NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `user_to_roles_role_id_idx`(`role_id`),
    UNIQUE INDEX `user_to_roles_user_id_role_id_key`(`user_id`, `role_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `user_permission_groups` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `name` VARCHAR(64) NOT NULL,
    `content` VARCHAR(255) NOT NULL DEFAULT '',
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `user_permissions` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `pid` INTEGER NOT NULL,
    `name` VARCHAR(64) NOT NULL,
    `apis` VARCHAR(120) NOT NULL,
    `content` VARCHAR(255) NOT NULL DEFAULT '',
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `user_permissions_apis_key`(`apis`),
    INDEX `user_permissions_pid_idx`(`pid`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `user_to_permissions` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `role_id` INTEGER NOT NULL,
    `permission_id` INTEGER NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `user_to_permissions_permission_id_idx`(`permission_id`),
    UNIQUE INDEX `user_to_permissions_role_id_permission_id_key`(`role_id`, `permission_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `user_menus` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `pid` INTEGER NOT NULL DEFAULT 0,
    `name` VARCHAR(64) NOT NULL,
    `ename` VARCHAR(64) NOT NULL DEFAULT '',
    `icon` VARCHAR(64) NOT NULL DEFAULT '',
    `apis` VARCHAR(255) NOT NULL DEFAULT '',
    `view` VARCHAR(255) NOT NULL DEFAULT '',
    `is_open` TINYINT NOT NULL DEFAULT 0,
    `content` VARCHAR(255) NOT NULL DEFAULT '',
    `is_sort` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `user_menus_pid_is_sort_idx`(`pid`, `is_sort`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `user_to_menus` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `role_id` INTEGER NOT NULL,
    `menu_id` INTEGER NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `user_to_menus_menu_id_idx`(`menu_id`),
    UNIQUE INDEX `user_to_menus_role_id_menu_id_key`(`role_id`, `menu_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `user_checks` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NOT NULL,
    `name` VARCHAR(64) NOT NULL,
    `card_no` VARCHAR(32) NOT NULL,
    `card_t` VARCHAR(255) NOT NULL DEFAULT '',
    `card_b` VARCHAR(255) NOT NULL DEFAULT '',
    `bank_no` VARCHAR(32) NOT NULL,
    `bank_name` VARCHAR(64) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `user_checks_user_id_key`(`user_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `oauths` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL,
    `model_name` VARCHAR(32) NOT NULL DEFAULT 'users',
    `oauth_name` VARCHAR(32) NOT NULL,
    `nickname` VARCHAR(64) NOT NULL DEFAULT '',
    `sex` TINYINT NOT NULL DEFAULT 0,
    `headimgurl` VARCHAR(255) NOT NULL DEFAULT '',
    `openid` VARCHAR(64) NOT NULL,
    `unionid` VARCHAR(64) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `oauths_belong_id_idx`(`belong_id`),
    INDEX `oauths_unionid_idx`(`unionid`),
    UNIQUE INDEX `oauths_oauth_name_openid_key`(`oauth_name`, `openid`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `addresses` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NOT NULL,
    `receive_name` VARCHAR(64) NOT NULL,
    `receive_tel` VARCHAR(20) NOT NULL,
    `area_info` VARCHAR(255) NOT NULL DEFAULT '',
    `address` VARCHAR(255) NOT NULL,
    `province_id` INTEGER NOT NULL DEFAULT 0,
    `city_id` INTEGER NOT NULL DEFAULT 0,
    `region_id` INTEGER NOT NULL DEFAULT 0,
    `is_default` TINYINT NOT NULL DEFAULT 0,
    `default_key` INTEGER NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `addresses_default_key_key`(`default_key`),
    INDEX `addresses_user_id_idx`(`user_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `addresses_default_key` CHECK ((is_default = 1) = (default_key IS NOT NULL))
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `favorites` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NOT NULL,
    `out_id` INTEGER NOT NULL,
    `is_type` TINYINT NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `favorites_out_id_is_type_idx`(`out_id`, `is_type`),
    UNIQUE INDEX `favorites_user_id_out_id_is_type_key`(`user_id`, `out_id`, `is_type`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `stores` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NOT NULL,
    `store_name` VARCHAR(64) NOT NULL DEFAULT '',
    `store_logo` VARCHAR(255) NOT NULL DEFAULT '',
    `store_face_image` VARCHAR(255) NOT NULL DEFAULT '',
    `store_mobile` VARCHAR(20) NOT NULL DEFAULT '',
    `store_description` VARCHAR(255) NOT NULL DEFAULT '',
    `store_slide` TEXT NULL,
    `store_mobile_slide` TEXT NULL,
    `store_company_name` VARCHAR(120) NOT NULL DEFAULT '',
    `province_id` INTEGER NOT NULL DEFAULT 0,
    `city_id` INTEGER NOT NULL DEFAULT 0,
    `region_id` INTEGER NOT NULL DEFAULT 0,
    `store_lat` DECIMAL(10, 6) NOT NULL DEFAULT 39.92,
    `store_lng` DECIMAL(10, 6) NOT NULL DEFAULT 116.46000000000001,
    `area_info` VARCHAR(255) NOT NULL DEFAULT '',
    `store_address` VARCHAR(255) NOT NULL DEFAULT '',
    `business_license` VARCHAR(255) NOT NULL DEFAULT '',
    `business_license_no` VARCHAR(64) NOT NULL DEFAULT '',
    `legal_person` VARCHAR(64) NOT NULL DEFAULT '',
    `store_phone` VARCHAR(20) NOT NULL DEFAULT '',
    `id_card_no` VARCHAR(32) NOT NULL DEFAULT '',
    `id_card_t` VARCHAR(255) NOT NULL DEFAULT '',
    `id_card_b` VARCHAR(255) NOT NULL DEFAULT '',
    `emergency_contact` VARCHAR(64) NOT NULL DEFAULT '',
    `emergency_contact_phone` VARCHAR(20) NOT NULL DEFAULT '',
    `store_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `store_frozen_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `store_status` TINYINT NOT NULL DEFAULT 1,
    `store_verify` TINYINT NOT NULL DEFAULT 1,
    `store_refuse_info` VARCHAR(255) NOT NULL DEFAULT '',
    `after_sale_service` TEXT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `stores_user_id_key`(`user_id`),
    INDEX `stores_store_status_store_verify_idx`(`store_status`, `store_verify`),
    PRIMARY KEY (`id`),
    CONSTRAINT `stores_store_money_nonneg` CHECK (store_money >= 0),
    CONSTRAINT `stores_store_frozen_money_nonneg` CHECK (store_frozen_money >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `store_classes` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `store_id` INTEGER NOT NULL,
    `class_id` JSON NOT NULL,
    `class_name` VARCHAR(255) NOT NULL DEFAULT '',
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `store_classes_store_id_idx`(`store_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `goods_classes` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `pid` INTEGER NOT NULL DEFAULT 0,
    `thumb` VARCHAR(255) NOT NULL DEFAULT '',
    `name` VARCHAR(64) NOT NULL,
    `is_sort` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `goods_classes_pid_is_sort_idx`(`pid`, `is_sort`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `goods_brands` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `thumb` VARCHAR(255) NOT NULL DEFAULT '',
    `name` VARCHAR(64) NOT NULL,
    `is_sort` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `goods_brands_is_sort_idx`(`is_sort`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `goods` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `brand_id` INTEGER NOT NULL DEFAULT 0,
    `class_id` INTEGER NOT NULL,
    `store_id` INTEGER NOT NULL,
    `goods_name` VARCHAR(200) NOT NULL,
    `goods_subname` VARCHAR(255) NOT NULL DEFAULT '',
    `goods_no` VARCHAR(64) NOT NULL DEFAULT '',
    `goods_images` TEXT NULL,
    `goods_master_image` VARCHAR(255) NOT NULL DEFAULT '',
    `goods_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `goods_market_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `currency_id` INTEGER NOT NULL DEFAULT 1,
    `goods_stock` INTEGER NOT NULL DEFAULT 0,
    `goods_weight` DECIMAL(10, 2) NOT NULL DEFAULT 0,
    `goods_sale` INTEGER NOT NULL DEFAULT 0,
    `goods_collect` INTEGER NOT NULL DEFAULT 0,
    `goods_status` TINYINT NOT NULL DEFAULT 0,
    `goods_verify` TINYINT NOT NULL DEFAULT 1,
    `refuse_info` VARCHAR(255) NOT NULL DEFAULT '',
    `freight_id` INTEGER NOT NULL DEFAULT 0,
    `goods_content` TEXT NULL,
    `goods_content_mobile` TEXT NULL,
    `is_recommend` TINYINT NOT NULL DEFAULT 0,
    `is_master` TINYINT NOT NULL DEFAULT 0,
    `search_text` TEXT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `goods_store_id_goods_status_goods_verify_idx`(`store_id`, `goods_status`, `goods_verify`),
    INDEX `goods_class_id_goods_status_goods_verify_idx`(`class_id`, `goods_status`, `goods_verify`),
    INDEX `goods_brand_id_idx`(`brand_id`),
    INDEX `goods_freight_id_idx`(`freight_id`),
    INDEX `goods_goods_sale_idx`(`goods_sale`),
    INDEX `goods_goods_price_idx`(`goods_price`),
    FULLTEXT INDEX `goods_search_text_idx`(`search_text`),
    PRIMARY KEY (`id`),
    CONSTRAINT `goods_stock_nonneg` CHECK (goods_stock >= 0),
    CONSTRAINT `goods_prices_nonneg` CHECK (goods_price >= 0 AND goods_market_price >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `goods_attrs` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `store_id` INTEGER NOT NULL,
    `name` VARCHAR(64) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `goods_attrs_store_id_idx`(`store_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `goods_specs` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `attr_id` INTEGER NOT NULL,
    `name` VARCHAR(64) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `goods_specs_attr_id_idx`(`attr_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `goods_skus` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `goods_id` INTEGER NOT NULL,
    `spec_id` VARCHAR(255) NOT NULL DEFAULT '',
    `sku_name` VARCHAR(255) NOT NULL DEFAULT '',
    `goods_image` VARCHAR(255) NOT NULL DEFAULT '',
    `goods_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `goods_market_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `currency_id` INTEGER NOT NULL DEFAULT 1,
    `goods_stock` INTEGER NOT NULL DEFAULT 0,
    `goods_weight` DECIMAL(10, 2) NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `goods_skus_goods_id_idx`(`goods_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `goods_skus_stock_nonneg` CHECK (goods_stock >= 0),
    CONSTRAINT `goods_skus_prices_nonneg` CHECK (goods_price >= 0 AND goods_market_price >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `file_spaces` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL,
    `dir_id` INTEGER NOT NULL DEFAULT 0,
    `name` VARCHAR(255) NOT NULL,
    `new_name` VARCHAR(255) NOT NULL,
    `md5` VARCHAR(64) NOT NULL DEFAULT '',
    `url` VARCHAR(255) NOT NULL,
    `ext_name` VARCHAR(16) NOT NULL DEFAULT '',
    `disk_name` VARCHAR(32) NOT NULL DEFAULT 'public',
    `info` VARCHAR(64) NOT NULL DEFAULT '',
    `status` TINYINT NOT NULL DEFAULT 1,
    `is_type` TINYINT NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `file_spaces_belong_id_dir_id_idx`(`belong_id`, `dir_id`),
    INDEX `file_spaces_md5_idx`(`md5`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `file_space_dirs` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL,
    `name` VARCHAR(64) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `file_space_dirs_belong_id_idx`(`belong_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `carts` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NOT NULL,
    `goods_id` INTEGER NOT NULL,
    `sku_id` INTEGER NOT NULL DEFAULT 0,
    `store_id` INTEGER NOT NULL,
    `buy_num` INTEGER NOT NULL DEFAULT 1,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `carts_goods_id_idx`(`goods_id`),
    INDEX `carts_store_id_idx`(`store_id`),
    UNIQUE INDEX `carts_user_id_goods_id_sku_id_key`(`user_id`, `goods_id`, `sku_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `carts_buy_num_pos` CHECK (buy_num > 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `orders` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NOT NULL,
    `store_id` INTEGER NOT NULL,
    `coupon_id` INTEGER NOT NULL DEFAULT 0,
    `collective_id` INTEGER NOT NULL DEFAULT 0,
    `order_no` VARCHAR(32) NOT NULL,
    `order_name` VARCHAR(200) NOT NULL DEFAULT '',
    `order_image` VARCHAR(255) NOT NULL DEFAULT '',
    `total_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `order_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `order_balance` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `freight_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `coupon_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `full_reduction_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `seckill_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `collective_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `currency_id` INTEGER NOT NULL DEFAULT 1,
    `order_status` TINYINT NOT NULL DEFAULT 1,
    `refund_status` TINYINT NOT NULL DEFAULT 0,
    `is_settlement` TINYINT NOT NULL DEFAULT 0,
    `settlement_rate` DECIMAL(5, 2) NOT NULL DEFAULT 0,
    `delivery_no` VARCHAR(64) NOT NULL DEFAULT '',
    `delivery_code` VARCHAR(32) NOT NULL DEFAULT '',
    `receive_name` VARCHAR(64) NOT NULL DEFAULT '',
    `receive_tel` VARCHAR(20) NOT NULL DEFAULT '',
    `receive_area` VARCHAR(255) NOT NULL DEFAULT '',
    `receive_address` VARCHAR(255) NOT NULL DEFAULT '',
    `payment_name` VARCHAR(32) NOT NULL DEFAULT '',
    `pay_time` DATETIME(3) NULL,
    `delivery_time` DATETIME(3) NULL,
    `receipt_time` DATETIME(3) NULL,
    `comment_time` DATETIME(3) NULL,
    `cancel_time` DATETIME(3) NULL,
    `remark` VARCHAR(255) NOT NULL DEFAULT '',
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `orders_order_no_key`(`order_no`),
    INDEX `orders_user_id_order_status_idx`(`user_id`, `order_status`),
    INDEX `orders_store_id_order_status_idx`(`store_id`, `order_status`),
    INDEX `orders_order_status_created_at_idx`(`order_status`, `created_at`),
    INDEX `orders_order_status_delivery_time_idx`(`order_status`, `delivery_time`),
    INDEX `orders_order_status_is_settlement_idx`(`order_status`, `is_settlement`),
    INDEX `orders_coupon_id_idx`(`coupon_id`),
    INDEX `orders_collective_id_idx`(`collective_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `orders_money_nonneg` CHECK (total_price >= 0 AND order_price >= 0 AND order_balance >= 0 AND freight_money >= 0 AND coupon_money >= 0 AND full_reduction_money >= 0 AND seckill_money >= 0 AND collective_money >= 0),
    CONSTRAINT `orders_settlement_rate_range` CHECK (settlement_rate >= 0 AND settlement_rate <= 100)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `order_goods` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `order_id` INTEGER NOT NULL,
    `sku_id` INTEGER NOT NULL DEFAULT 0,
    `goods_id` INTEGER NOT NULL,
    `user_id` INTEGER NOT NULL,
    `store_id` INTEGER NOT NULL,
    `goods_name` VARCHAR(200) NOT NULL,
    `goods_image` VARCHAR(255) NOT NULL DEFAULT '',
    `sku_name` VARCHAR(255) NOT NULL DEFAULT '-',
    `buy_num` INTEGER NOT NULL DEFAULT 1,
    `total_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `goods_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `currency_id` INTEGER NOT NULL DEFAULT 1,
    `total_weight` DECIMAL(10, 2) NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `order_goods_order_id_idx`(`order_id`),
    INDEX `order_goods_goods_id_idx`(`goods_id`),
    INDEX `order_goods_user_id_idx`(`user_id`),
    INDEX `order_goods_store_id_idx`(`store_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `order_goods_money_nonneg` CHECK (goods_price >= 0 AND total_price >= 0),
    CONSTRAINT `order_goods_buy_num_pos` CHECK (buy_num > 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `order_pays` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL,
    `name` VARCHAR(255) NOT NULL DEFAULT '',
    `pay_no` VARCHAR(32) NOT NULL,
    `trade_no` VARCHAR(64) NOT NULL DEFAULT '',
    `payment_name` VARCHAR(32) NOT NULL,
    `device` VARCHAR(16) NOT NULL DEFAULT '',
    `is_recharge` TINYINT NOT NULL DEFAULT 0,
    `total` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `balance` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `currency_id` INTEGER NOT NULL DEFAULT 1,
    `pay_status` TINYINT NOT NULL DEFAULT 0,
    `pay_time` DATETIME(3) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `order_pays_pay_no_key`(`pay_no`),
    INDEX `order_pays_belong_id_created_at_idx`(`belong_id`, `created_at`),
    INDEX `order_pays_trade_no_idx`(`trade_no`),
    PRIMARY KEY (`id`),
    CONSTRAINT `order_pays_money_nonneg` CHECK (total >= 0 AND balance >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `order_pay_orders` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `order_pay_id` INTEGER NOT NULL,
    `order_id` INTEGER NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `order_pay_orders_order_id_idx`(`order_id`),
    UNIQUE INDEX `order_pay_orders_order_pay_id_order_id_key`(`order_pay_id`, `order_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `payment_notifications` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `provider` VARCHAR(32) NOT NULL,
    `notify_id` VARCHAR(128) NOT NULL,
    `order_pay_id` INTEGER NULL,
    `raw` TEXT NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `payment_notifications_order_pay_id_idx`(`order_pay_id`),
    UNIQUE INDEX `payment_notifications_provider_notify_id_key`(`provider`, `notify_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `order_comments` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NOT NULL,
    `order_id` INTEGER NOT NULL,
    `order_goods_id` INTEGER NOT NULL,
    `goods_id` INTEGER NOT NULL,
    `store_id` INTEGER NOT NULL,
    `score` DECIMAL(5, 2) NOT NULL DEFAULT 5,
    `agree` DECIMAL(5, 2) NOT NULL DEFAULT 5,
    `service` DECIMAL(5, 2) NOT NULL DEFAULT 5,
    `speed` DECIMAL(5, 2) NOT NULL DEFAULT 5,
    `content` TEXT NULL,
    `image` TEXT NULL,
    `reply` TEXT NULL,
    `reply_time` DATETIME(3) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `order_comments_order_goods_id_key`(`order_goods_id`),
    INDEX `order_comments_goods_id_created_at_idx`(`goods_id`, `created_at`),
    INDEX `order_comments_store_id_idx`(`store_id`),
    INDEX `order_comments_order_id_idx`(`order_id`),
    INDEX `order_comments_user_id_idx`(`user_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `order_settlements` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `order_id` INTEGER NOT NULL,
    `user_id` INTEGER NOT NULL,
    `store_id` INTEGER NOT NULL,
    `settlement_no` VARCHAR(32) NOT NULL,
    `total_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `settlement_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `commission_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `distribution_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `status` TINYINT NOT NULL DEFAULT 1,
    `info` TEXT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `order_settlements_order_id_key`(`order_id`),
    INDEX `order_settlements_settlement_no_idx`(`settlement_no`),
    INDEX `order_settlements_user_id_idx`(`user_id`),
    INDEX `order_settlements_store_id_idx`(`store_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `order_settlements_money_nonneg` CHECK (total_price >= 0 AND settlement_price >= 0 AND commission_money >= 0 AND distribution_money >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `expresses` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `name` VARCHAR(64) NOT NULL,
    `code` VARCHAR(32) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `expresses_code_key`(`code`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `freights` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `store_id` INTEGER NOT NULL,
    `name` VARCHAR(120) NOT NULL DEFAULT '',
    `f_weight` DECIMAL(10, 2) NOT NULL DEFAULT 0,
    `f_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `o_weight` DECIMAL(10, 2) NOT NULL DEFAULT 0,
    `o_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `area_id` TEXT NULL,
    `area_name` TEXT NULL,
    `is_type` TINYINT NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `freights_store_id_is_type_idx`(`store_id`, `is_type`),
    PRIMARY KEY (`id`),
    CONSTRAINT `freights_prices_nonneg` CHECK (f_price >= 0 AND o_price >= 0 AND f_weight >= 0 AND o_weight >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `refunds` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NOT NULL,
    `store_id` INTEGER NOT NULL,
    `order_id` INTEGER NOT NULL,
    `refund_type` TINYINT NOT NULL DEFAULT 0,
    `refund_verify` TINYINT NOT NULL DEFAULT 0,
    `refund_step` TINYINT NOT NULL DEFAULT 0,
    `refund_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `delivery_no` VARCHAR(64) NOT NULL DEFAULT '',
    `delivery_code` VARCHAR(32) NOT NULL DEFAULT '',
    `re_delivery_no` VARCHAR(64) NOT NULL DEFAULT '',
    `re_delivery_code` VARCHAR(32) NOT NULL DEFAULT '',
    `refund_remark` TEXT NULL,
    `images` TEXT NULL,
    `refuse_remark` TEXT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `refunds_order_id_idx`(`order_id`),
    INDEX `refunds_store_id_refund_verify_idx`(`store_id`, `refund_verify`),
    INDEX `refunds_user_id_idx`(`user_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `refunds_money_nonneg` CHECK (refund_money >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `coupons` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `store_id` INTEGER NOT NULL,
    `name` VARCHAR(64) NOT NULL,
    `money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `use_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `stock` INTEGER NOT NULL DEFAULT 10,
    `content` VARCHAR(255) NOT NULL DEFAULT '',
    `start_time` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `end_time` DATETIME(3) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `coupons_store_id_end_time_idx`(`store_id`, `end_time`),
    PRIMARY KEY (`id`),
    CONSTRAINT `coupons_stock_nonneg` CHECK (stock >= 0),
    CONSTRAINT `coupons_money_nonneg` CHECK (money >= 0 AND use_money >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `coupon_logs` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `name` VARCHAR(64) NOT NULL DEFAULT '',
    `coupon_id` INTEGER NOT NULL,
    `user_id` INTEGER NOT NULL,
    `store_id` INTEGER NOT NULL,
    `order_id` INTEGER NOT NULL DEFAULT 0,
    `money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `use_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `status` TINYINT NOT NULL DEFAULT 0,
    `start_time` DATETIME(3) NOT NULL,
    `end_time` DATETIME(3) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `coupon_logs_user_id_status_end_time_idx`(`user_id`, `status`, `end_time`),
    INDEX `coupon_logs_coupon_id_idx`(`coupon_id`),
    INDEX `coupon_logs_store_id_idx`(`store_id`),
    INDEX `coupon_logs_order_id_idx`(`order_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `coupon_logs_money_nonneg` CHECK (money >= 0 AND use_money >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `full_reductions` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `store_id` INTEGER NOT NULL,
    `name` VARCHAR(64) NOT NULL,
    `money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `use_money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `start_time` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `end_time` DATETIME(3) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `full_reductions_store_id_end_time_idx`(`store_id`, `end_time`),
    PRIMARY KEY (`id`),
    CONSTRAINT `full_reductions_money_nonneg` CHECK (money >= 0 AND use_money >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `seckills` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `store_id` INTEGER NOT NULL,
    `goods_id` INTEGER NOT NULL,
    `discount` DECIMAL(5, 2) NOT NULL DEFAULT 0,
    `stock` INTEGER NOT NULL DEFAULT 0,
    `limit_num` INTEGER NOT NULL DEFAULT 1,
    `start_time` DATETIME(3) NOT NULL,
    `end_time` DATETIME(3) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `seckills_goods_id_idx`(`goods_id`),
    INDEX `seckills_store_id_idx`(`store_id`),
    INDEX `seckills_start_time_end_time_idx`(`start_time`, `end_time`),
    PRIMARY KEY (`id`),
    CONSTRAINT `seckills_stock_nonneg` CHECK (stock >= 0),
    CONSTRAINT `seckills_discount_range` CHECK (discount >= 0 AND discount <= 100),
    CONSTRAINT `seckills_limit_num_nonneg` CHECK (limit_num >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `seckill_orders` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `seckill_id` INTEGER NOT NULL,
    `user_id` INTEGER NOT NULL,
    `order_id` INTEGER NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `seckill_orders_user_id_idx`(`user_id`),
    INDEX `seckill_orders_order_id_idx`(`order_id`),
    UNIQUE INDEX `seckill_orders_seckill_id_user_id_key`(`seckill_id`, `user_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `collectives` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `store_id` INTEGER NOT NULL,
    `goods_id` INTEGER NOT NULL,
    `discount` DECIMAL(5, 2) NOT NULL DEFAULT 0,
    `need` INTEGER NOT NULL DEFAULT 5,
    `expire_hours` INTEGER NOT NULL DEFAULT 24,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `collectives_goods_id_idx`(`goods_id`),
    INDEX `collectives_store_id_idx`(`store_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `collectives_discount_range` CHECK (discount >= 0 AND discount <= 100),
    CONSTRAINT `collectives_need_min` CHECK (need >= 2)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `collective_logs` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `collective_id` INTEGER NOT NULL,
    `user_id` INTEGER NOT NULL,
    `store_id` INTEGER NOT NULL,
    `goods_id` INTEGER NOT NULL,
    `discount` DECIMAL(5, 2) NOT NULL DEFAULT 0,
    `need` INTEGER NOT NULL DEFAULT 5,
    `join_num` INTEGER NOT NULL DEFAULT 0,
    `status` TINYINT NOT NULL DEFAULT 2,
    `expire_time` DATETIME(3) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `collective_logs_collective_id_status_idx`(`collective_id`, `status`),
    INDEX `collective_logs_status_expire_time_idx`(`status`, `expire_time`),
    INDEX `collective_logs_user_id_idx`(`user_id`),
    INDEX `collective_logs_store_id_idx`(`store_id`),
    INDEX `collective_logs_goods_id_idx`(`goods_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `collective_logs_join_num_range` CHECK (join_num >= 0 AND join_num <= need)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `collective_members` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `collective_log_id` INTEGER NOT NULL,
    `user_id` INTEGER NOT NULL,
    `order_id` INTEGER NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `collective_members_user_id_idx`(`user_id`),
    INDEX `collective_members_order_id_idx`(`order_id`),
    UNIQUE INDEX `collective_members_collective_log_id_user_id_key`(`collective_log_id`, `user_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `distributions` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `store_id` INTEGER NOT NULL,
    `goods_id` INTEGER NOT NULL,
    `lev_1` DECIMAL(5, 2) NOT NULL DEFAULT 0,
    `lev_2` DECIMAL(5, 2) NOT NULL DEFAULT 0,
    `lev_3` DECIMAL(5, 2) NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `distributions_goods_id_key`(`goods_id`),
    INDEX `distributions_store_id_idx`(`store_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `distributions_lev_range` CHECK (lev_1 >= 0 AND lev_1 <= 100 AND lev_2 >= 0 AND lev_2 <= 100 AND lev_3 >= 0 AND lev_3 <= 100)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `distribution_logs` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `name` VARCHAR(64) NOT NULL,
    `user_id` INTEGER NOT NULL,
    `store_id` INTEGER NOT NULL,
    `order_id` INTEGER NOT NULL,
    `distribution_id` INTEGER NOT NULL,
    `order_goods_id` INTEGER NOT NULL,
    `money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `lev` DECIMAL(5, 2) NOT NULL DEFAULT 0,
    `commission` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `status` TINYINT NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `distribution_logs_user_id_status_idx`(`user_id`, `status`),
    INDEX `distribution_logs_store_id_idx`(`store_id`),
    INDEX `distribution_logs_order_id_idx`(`order_id`),
    INDEX `distribution_logs_order_goods_id_idx`(`order_goods_id`),
    INDEX `distribution_logs_distribution_id_idx`(`distribution_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `distribution_logs_money_nonneg` CHECK (money >= 0 AND lev >= 0 AND commission >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `integral_goods_classes` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `name` VARCHAR(64) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `integral_goods` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `cid` INTEGER NOT NULL,
    `goods_name` VARCHAR(200) NOT NULL,
    `goods_subname` VARCHAR(255) NOT NULL DEFAULT '',
    `goods_price` INTEGER NOT NULL DEFAULT 0,
    `goods_market_price` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `goods_stock` INTEGER NOT NULL DEFAULT 0,
    `goods_images` TEXT NULL,
    `goods_master_image` VARCHAR(255) NOT NULL DEFAULT '',
    `goods_sale` INTEGER NOT NULL DEFAULT 0,
    `goods_status` TINYINT NOT NULL DEFAULT 0,
    `is_recommend` TINYINT NOT NULL DEFAULT 0,
    `goods_content` TEXT NULL,
    `goods_content_mobile` TEXT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `integral_goods_cid_goods_status_idx`(`cid`, `goods_status`),
    INDEX `integral_goods_goods_status_is_recommend_idx`(`goods_status`, `is_recommend`),
    PRIMARY KEY (`id`),
    CONSTRAINT `integral_goods_stock_nonneg` CHECK (goods_stock >= 0),
    CONSTRAINT `integral_goods_price_nonneg` CHECK (goods_price >= 0 AND goods_market_price >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `integral_orders` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NOT NULL,
    `order_no` VARCHAR(32) NOT NULL,
    `order_name` VARCHAR(200) NOT NULL DEFAULT '',
    `order_image` VARCHAR(255) NOT NULL DEFAULT '',
    `total_price` INTEGER NOT NULL DEFAULT 0,
    `order_price` INTEGER NOT NULL DEFAULT 0,
    `order_status` TINYINT NOT NULL DEFAULT 1,
    `delivery_no` VARCHAR(64) NOT NULL DEFAULT '',
    `delivery_code` VARCHAR(32) NOT NULL DEFAULT '',
    `receive_name` VARCHAR(64) NOT NULL DEFAULT '',
    `receive_tel` VARCHAR(20) NOT NULL DEFAULT '',
    `receive_area` VARCHAR(255) NOT NULL DEFAULT '',
    `receive_address` VARCHAR(255) NOT NULL DEFAULT '',
    `pay_time` DATETIME(3) NULL,
    `delivery_time` DATETIME(3) NULL,
    `remark` VARCHAR(255) NOT NULL DEFAULT '',
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `integral_orders_order_no_key`(`order_no`),
    INDEX `integral_orders_user_id_order_status_idx`(`user_id`, `order_status`),
    INDEX `integral_orders_order_status_created_at_idx`(`order_status`, `created_at`),
    PRIMARY KEY (`id`),
    CONSTRAINT `integral_orders_price_nonneg` CHECK (total_price >= 0 AND order_price >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `integral_order_goods` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `order_id` INTEGER NOT NULL,
    `goods_id` INTEGER NOT NULL,
    `user_id` INTEGER NOT NULL,
    `goods_name` VARCHAR(200) NOT NULL,
    `goods_image` VARCHAR(255) NOT NULL DEFAULT '',
    `buy_num` INTEGER NOT NULL DEFAULT 1,
    `total_price` INTEGER NOT NULL DEFAULT 0,
    `goods_price` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `integral_order_goods_order_id_idx`(`order_id`),
    INDEX `integral_order_goods_goods_id_idx`(`goods_id`),
    INDEX `integral_order_goods_user_id_idx`(`user_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `integral_order_goods_nonneg` CHECK (buy_num > 0 AND total_price >= 0 AND goods_price >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `money_logs` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NOT NULL,
    `name` VARCHAR(64) NOT NULL DEFAULT '',
    `ename` VARCHAR(64) NOT NULL DEFAULT '',
    `money` DECIMAL(12, 2) NOT NULL,
    `after_money` DECIMAL(12, 2) NOT NULL,
    `is_type` TINYINT NOT NULL DEFAULT 0,
    `is_belong` TINYINT NOT NULL DEFAULT 0,
    `currency_id` INTEGER NOT NULL DEFAULT 1,
    `info` VARCHAR(255) NOT NULL DEFAULT '',
    `idem_key` VARCHAR(120) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `money_logs_idem_key_key`(`idem_key`),
    INDEX `money_logs_user_id_is_belong_is_type_created_at_idx`(`user_id`, `is_belong`, `is_type`, `created_at`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `cashes` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `user_id` INTEGER NULL,
    `store_id` INTEGER NULL,
    `money` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `commission` DECIMAL(12, 2) NOT NULL DEFAULT 0,
    `cash_status` TINYINT NOT NULL DEFAULT 0,
    `refuse_info` VARCHAR(255) NOT NULL DEFAULT '',
    `name` VARCHAR(64) NOT NULL,
    `card_no` VARCHAR(32) NOT NULL,
    `bank_name` VARCHAR(64) NOT NULL,
    `remark` VARCHAR(255) NOT NULL DEFAULT '',
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `cashes_user_id_idx`(`user_id`),
    INDEX `cashes_store_id_idx`(`store_id`),
    INDEX `cashes_cash_status_idx`(`cash_status`),
    PRIMARY KEY (`id`),
    CONSTRAINT `cashes_one_owner` CHECK ((user_id IS NULL) <> (store_id IS NULL)),
    CONSTRAINT `cashes_money_nonneg` CHECK (money >= 0 AND commission >= 0)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `articles` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL DEFAULT 0,
    `pid` INTEGER NOT NULL DEFAULT 0,
    `name` VARCHAR(120) NOT NULL,
    `content` TEXT NULL,
    `click` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `articles_pid_idx`(`pid`),
    INDEX `articles_name_idx`(`name`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `article_menus` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL DEFAULT 0,
    `pid` INTEGER NOT NULL DEFAULT 0,
    `name` VARCHAR(64) NOT NULL,
    `is_sort` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `article_menus_pid_is_sort_idx`(`pid`, `is_sort`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `notices` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL DEFAULT 0,
    `tag` VARCHAR(32) NOT NULL DEFAULT '',
    `name` VARCHAR(120) NOT NULL,
    `content` TEXT NULL,
    `is_type` TINYINT NOT NULL DEFAULT 0,
    `is_send` TINYINT NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `agreements` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `name` VARCHAR(64) NOT NULL,
    `ename` VARCHAR(64) NOT NULL,
    `content` TEXT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `agreements_ename_key`(`ename`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `adv_spaces` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL DEFAULT 0,
    `name` VARCHAR(64) NOT NULL,
    `width` INTEGER NOT NULL DEFAULT 0,
    `height` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `adv_spaces_name_key`(`name`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `advs` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `belong_id` INTEGER NOT NULL DEFAULT 0,
    `pid` INTEGER NOT NULL,
    `name` VARCHAR(120) NOT NULL,
    `url` VARCHAR(255) NOT NULL DEFAULT '',
    `image` VARCHAR(255) NOT NULL DEFAULT '',
    `adv_start` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `adv_end` DATETIME(3) NULL,
    `is_sort` INTEGER NOT NULL DEFAULT 0,
    `is_type` TINYINT NOT NULL DEFAULT 0,
    `status` TINYINT NOT NULL DEFAULT 1,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `advs_pid_status_is_sort_idx`(`pid`, `status`, `is_sort`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `configs` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `name` VARCHAR(64) NOT NULL,
    `content` TEXT NULL,
    `description` VARCHAR(255) NOT NULL DEFAULT '',
    `is_type` TINYINT NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `configs_name_key`(`name`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `sms` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `name` VARCHAR(64) NOT NULL,
    `code` VARCHAR(64) NOT NULL,
    `content` VARCHAR(64) NOT NULL DEFAULT '',
    `description` VARCHAR(255) NOT NULL DEFAULT '',
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `sms_name_key`(`name`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `sms_logs` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `phone` VARCHAR(20) NOT NULL,
    `name` VARCHAR(64) NOT NULL,
    `code_hash` CHAR(64) NOT NULL,
    `status` TINYINT NOT NULL DEFAULT 1,
    `error_msg` VARCHAR(255) NOT NULL DEFAULT '',
    `ip` VARCHAR(45) NOT NULL DEFAULT '',
    `expires_at` DATETIME(3) NOT NULL,
    `used_at` DATETIME(3) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `sms_logs_phone_name_created_at_idx`(`phone`, `name`, `created_at`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `areas` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `pid` VARCHAR(20) NOT NULL DEFAULT '0',
    `name` VARCHAR(64) NOT NULL,
    `code` VARCHAR(20) NOT NULL,
    `deep` TINYINT NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `areas_code_key`(`code`),
    INDEX `areas_pid_idx`(`pid`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `chat_friends` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `sid` VARCHAR(64) NOT NULL,
    `rid` VARCHAR(64) NOT NULL,
    `stype` VARCHAR(16) NOT NULL,
    `rtype` VARCHAR(16) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `chat_friends_rid_rtype_idx`(`rid`, `rtype`),
    UNIQUE INDEX `chat_friends_sid_stype_rid_rtype_key`(`sid`, `stype`, `rid`, `rtype`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `chat_contents` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `sid` VARCHAR(64) NOT NULL,
    `rid` VARCHAR(64) NOT NULL,
    `stype` VARCHAR(16) NOT NULL,
    `rtype` VARCHAR(16) NOT NULL,
    `content_type` VARCHAR(16) NOT NULL DEFAULT 'text',
    `content` TEXT NOT NULL,
    `s_read` TINYINT NOT NULL DEFAULT 0,
    `r_read` TINYINT NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `chat_contents_sid_rid_idx`(`sid`, `rid`),
    INDEX `chat_contents_rid_r_read_idx`(`rid`, `r_read`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `app_versions` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `name` VARCHAR(64) NOT NULL,
    `version` VARCHAR(32) NOT NULL,
    `version_code` INTEGER NOT NULL DEFAULT 0,
    `url` VARCHAR(255) NOT NULL DEFAULT '',
    `device` VARCHAR(16) NOT NULL,
    `apple_id` VARCHAR(64) NOT NULL DEFAULT '',
    `is_wgt` TINYINT NOT NULL DEFAULT 0,
    `content` TEXT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `app_versions_device_version_code_idx`(`device`, `version_code`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `currencies` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `name` VARCHAR(64) NOT NULL,
    `ename` VARCHAR(32) NOT NULL,
    `currency` VARCHAR(16) NOT NULL,
    `currency_ename` VARCHAR(16) NOT NULL,
    `content` VARCHAR(255) NOT NULL DEFAULT '',
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `auth_sessions` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `area` VARCHAR(16) NOT NULL,
    `owner_id` INTEGER NOT NULL,
    `token_hash` CHAR(64) NOT NULL,
    `expires_at` DATETIME(3) NOT NULL,
    `revoked_at` DATETIME(3) NULL,
    `replaced_by` INTEGER NULL,
    `ip` VARCHAR(45) NOT NULL DEFAULT '',
    `user_agent` VARCHAR(255) NOT NULL DEFAULT '',
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `auth_sessions_token_hash_key`(`token_hash`),
    INDEX `auth_sessions_area_owner_id_idx`(`area`, `owner_id`),
    INDEX `auth_sessions_expires_at_idx`(`expires_at`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `outbox` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `queue` VARCHAR(64) NOT NULL,
    `name` VARCHAR(64) NOT NULL,
    `job_id` VARCHAR(191) NOT NULL,
    `payload` JSON NOT NULL,
    `run_at` DATETIME(3) NULL,
    `sent_at` DATETIME(3) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `outbox_job_id_key`(`job_id`),
    INDEX `outbox_sent_at_id_idx`(`sent_at`, `id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `admin_to_roles` ADD CONSTRAINT `admin_to_roles_admin_id_fkey` FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `admin_to_roles` ADD CONSTRAINT `admin_to_roles_role_id_fkey` FOREIGN KEY (`role_id`) REFERENCES `admin_roles`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `admin_permissions` ADD CONSTRAINT `admin_permissions_pid_fkey` FOREIGN KEY (`pid`) REFERENCES `admin_permission_groups`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `admin_to_permissions` ADD CONSTRAINT `admin_to_permissions_role_id_fkey` FOREIGN KEY (`role_id`) REFERENCES `admin_roles`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `admin_to_permissions` ADD CONSTRAINT `admin_to_permissions_permission_id_fkey` FOREIGN KEY (`permission_id`) REFERENCES `admin_permissions`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `admin_to_menus` ADD CONSTRAINT `admin_to_menus_role_id_fkey` FOREIGN KEY (`role_id`) REFERENCES `admin_roles`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `admin_to_menus` ADD CONSTRAINT `admin_to_menus_menu_id_fkey` FOREIGN KEY (`menu_id`) REFERENCES `admin_menus`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `user_roles` ADD CONSTRAINT `user_roles_belong_id_fkey` FOREIGN KEY (`belong_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `user_to_roles` ADD CONSTRAINT `user_to_roles_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `user_to_roles` ADD CONSTRAINT `user_to_roles_role_id_fkey` FOREIGN KEY (`role_id`) REFERENCES `user_roles`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `user_permissions` ADD CONSTRAINT `user_permissions_pid_fkey` FOREIGN KEY (`pid`) REFERENCES `user_permission_groups`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `user_to_permissions` ADD CONSTRAINT `user_to_permissions_role_id_fkey` FOREIGN KEY (`role_id`) REFERENCES `user_roles`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `user_to_permissions` ADD CONSTRAINT `user_to_permissions_permission_id_fkey` FOREIGN KEY (`permission_id`) REFERENCES `user_permissions`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `user_to_menus` ADD CONSTRAINT `user_to_menus_role_id_fkey` FOREIGN KEY (`role_id`) REFERENCES `user_roles`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `user_to_menus` ADD CONSTRAINT `user_to_menus_menu_id_fkey` FOREIGN KEY (`menu_id`) REFERENCES `user_menus`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `user_checks` ADD CONSTRAINT `user_checks_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `oauths` ADD CONSTRAINT `oauths_belong_id_fkey` FOREIGN KEY (`belong_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `addresses` ADD CONSTRAINT `addresses_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `favorites` ADD CONSTRAINT `favorites_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `stores` ADD CONSTRAINT `stores_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `store_classes` ADD CONSTRAINT `store_classes_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `goods` ADD CONSTRAINT `goods_class_id_fkey` FOREIGN KEY (`class_id`) REFERENCES `goods_classes`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `goods` ADD CONSTRAINT `goods_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `goods_attrs` ADD CONSTRAINT `goods_attrs_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `goods_specs` ADD CONSTRAINT `goods_specs_attr_id_fkey` FOREIGN KEY (`attr_id`) REFERENCES `goods_attrs`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `goods_skus` ADD CONSTRAINT `goods_skus_goods_id_fkey` FOREIGN KEY (`goods_id`) REFERENCES `goods`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `file_spaces` ADD CONSTRAINT `file_spaces_belong_id_fkey` FOREIGN KEY (`belong_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `file_space_dirs` ADD CONSTRAINT `file_space_dirs_belong_id_fkey` FOREIGN KEY (`belong_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `carts` ADD CONSTRAINT `carts_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `carts` ADD CONSTRAINT `carts_goods_id_fkey` FOREIGN KEY (`goods_id`) REFERENCES `goods`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `carts` ADD CONSTRAINT `carts_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `orders` ADD CONSTRAINT `orders_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `orders` ADD CONSTRAINT `orders_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_goods` ADD CONSTRAINT `order_goods_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_goods` ADD CONSTRAINT `order_goods_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_goods` ADD CONSTRAINT `order_goods_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_pays` ADD CONSTRAINT `order_pays_belong_id_fkey` FOREIGN KEY (`belong_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_pay_orders` ADD CONSTRAINT `order_pay_orders_order_pay_id_fkey` FOREIGN KEY (`order_pay_id`) REFERENCES `order_pays`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_pay_orders` ADD CONSTRAINT `order_pay_orders_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `payment_notifications` ADD CONSTRAINT `payment_notifications_order_pay_id_fkey` FOREIGN KEY (`order_pay_id`) REFERENCES `order_pays`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_comments` ADD CONSTRAINT `order_comments_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_comments` ADD CONSTRAINT `order_comments_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_comments` ADD CONSTRAINT `order_comments_order_goods_id_fkey` FOREIGN KEY (`order_goods_id`) REFERENCES `order_goods`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_comments` ADD CONSTRAINT `order_comments_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_settlements` ADD CONSTRAINT `order_settlements_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_settlements` ADD CONSTRAINT `order_settlements_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `order_settlements` ADD CONSTRAINT `order_settlements_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `freights` ADD CONSTRAINT `freights_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `refunds` ADD CONSTRAINT `refunds_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `refunds` ADD CONSTRAINT `refunds_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `refunds` ADD CONSTRAINT `refunds_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `coupons` ADD CONSTRAINT `coupons_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `coupon_logs` ADD CONSTRAINT `coupon_logs_coupon_id_fkey` FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `coupon_logs` ADD CONSTRAINT `coupon_logs_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `coupon_logs` ADD CONSTRAINT `coupon_logs_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `full_reductions` ADD CONSTRAINT `full_reductions_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `seckills` ADD CONSTRAINT `seckills_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `seckills` ADD CONSTRAINT `seckills_goods_id_fkey` FOREIGN KEY (`goods_id`) REFERENCES `goods`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `seckill_orders` ADD CONSTRAINT `seckill_orders_seckill_id_fkey` FOREIGN KEY (`seckill_id`) REFERENCES `seckills`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `seckill_orders` ADD CONSTRAINT `seckill_orders_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `seckill_orders` ADD CONSTRAINT `seckill_orders_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `collectives` ADD CONSTRAINT `collectives_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `collectives` ADD CONSTRAINT `collectives_goods_id_fkey` FOREIGN KEY (`goods_id`) REFERENCES `goods`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `collective_logs` ADD CONSTRAINT `collective_logs_collective_id_fkey` FOREIGN KEY (`collective_id`) REFERENCES `collectives`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `collective_logs` ADD CONSTRAINT `collective_logs_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `collective_logs` ADD CONSTRAINT `collective_logs_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `collective_members` ADD CONSTRAINT `collective_members_collective_log_id_fkey` FOREIGN KEY (`collective_log_id`) REFERENCES `collective_logs`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `collective_members` ADD CONSTRAINT `collective_members_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `collective_members` ADD CONSTRAINT `collective_members_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `distributions` ADD CONSTRAINT `distributions_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `distributions` ADD CONSTRAINT `distributions_goods_id_fkey` FOREIGN KEY (`goods_id`) REFERENCES `goods`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `distribution_logs` ADD CONSTRAINT `distribution_logs_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `distribution_logs` ADD CONSTRAINT `distribution_logs_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `distribution_logs` ADD CONSTRAINT `distribution_logs_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `distribution_logs` ADD CONSTRAINT `distribution_logs_order_goods_id_fkey` FOREIGN KEY (`order_goods_id`) REFERENCES `order_goods`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `integral_goods` ADD CONSTRAINT `integral_goods_cid_fkey` FOREIGN KEY (`cid`) REFERENCES `integral_goods_classes`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `integral_orders` ADD CONSTRAINT `integral_orders_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `integral_order_goods` ADD CONSTRAINT `integral_order_goods_order_id_fkey` FOREIGN KEY (`order_id`) REFERENCES `integral_orders`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `integral_order_goods` ADD CONSTRAINT `integral_order_goods_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `cashes` ADD CONSTRAINT `cashes_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE `cashes` ADD CONSTRAINT `cashes_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE `advs` ADD CONSTRAINT `advs_pid_fkey` FOREIGN KEY (`pid`) REFERENCES `adv_spaces`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
