-- Indexes for the list filters and sorts the back-office resources declare (packages/shared/src/resources):
-- every eq / in / range filter and every sortable field gets an index that starts with its column, or with the
-- store (scope) column and then its column for store-scoped seller lists. `like` filters are contains-matches
-- ('%x%') and need none. Checked by packages/server/test/filter-indexes.test.ts.

-- CreateIndex
CREATE INDEX `admins_nickname_idx` ON `admins`(`nickname`);

-- CreateIndex
CREATE INDEX `admins_is_super_idx` ON `admins`(`is_super`);

-- CreateIndex
CREATE INDEX `admins_login_time_idx` ON `admins`(`login_time`);

-- CreateIndex
CREATE INDEX `admins_created_at_idx` ON `admins`(`created_at`);

-- CreateIndex
CREATE INDEX `admin_roles_name_idx` ON `admin_roles`(`name`);

-- CreateIndex
CREATE INDEX `admin_roles_created_at_idx` ON `admin_roles`(`created_at`);

-- CreateIndex
CREATE INDEX `admin_permission_groups_name_idx` ON `admin_permission_groups`(`name`);

-- CreateIndex
CREATE INDEX `admin_permissions_name_idx` ON `admin_permissions`(`name`);

-- CreateIndex
CREATE INDEX `admin_menus_name_idx` ON `admin_menus`(`name`);

-- CreateIndex
CREATE INDEX `admin_menus_apis_idx` ON `admin_menus`(`apis`);

-- CreateIndex
CREATE INDEX `admin_menus_is_open_idx` ON `admin_menus`(`is_open`);

-- CreateIndex
CREATE INDEX `users_nickname_idx` ON `users`(`nickname`);

-- CreateIndex
CREATE INDEX `users_sex_idx` ON `users`(`sex`);

-- CreateIndex
CREATE INDEX `users_status_idx` ON `users`(`status`);

-- CreateIndex
CREATE INDEX `users_money_idx` ON `users`(`money`);

-- CreateIndex
CREATE INDEX `users_frozen_money_idx` ON `users`(`frozen_money`);

-- CreateIndex
CREATE INDEX `users_integral_idx` ON `users`(`integral`);

-- CreateIndex
CREATE INDEX `users_created_at_idx` ON `users`(`created_at`);

-- CreateIndex
CREATE INDEX `user_roles_belong_id_name_idx` ON `user_roles`(`belong_id`, `name`);

-- CreateIndex
CREATE INDEX `user_roles_belong_id_created_at_idx` ON `user_roles`(`belong_id`, `created_at`);

-- CreateIndex
CREATE INDEX `user_menus_name_idx` ON `user_menus`(`name`);

-- CreateIndex
CREATE INDEX `user_menus_apis_idx` ON `user_menus`(`apis`);

-- CreateIndex
CREATE INDEX `user_menus_is_open_idx` ON `user_menus`(`is_open`);

-- CreateIndex
CREATE INDEX `stores_store_name_idx` ON `stores`(`store_name`);

-- CreateIndex
CREATE INDEX `stores_store_verify_idx` ON `stores`(`store_verify`);

-- CreateIndex
CREATE INDEX `stores_created_at_idx` ON `stores`(`created_at`);

-- CreateIndex
CREATE INDEX `goods_classes_name_idx` ON `goods_classes`(`name`);

-- CreateIndex
CREATE INDEX `goods_brands_name_idx` ON `goods_brands`(`name`);

-- CreateIndex
CREATE INDEX `goods_store_id_goods_stock_idx` ON `goods`(`store_id`, `goods_stock`);

-- CreateIndex
CREATE INDEX `goods_store_id_created_at_idx` ON `goods`(`store_id`, `created_at`);

-- CreateIndex
CREATE INDEX `goods_store_id_is_recommend_idx` ON `goods`(`store_id`, `is_recommend`);

-- CreateIndex
CREATE INDEX `goods_goods_name_idx` ON `goods`(`goods_name`);

-- CreateIndex
CREATE INDEX `goods_goods_no_idx` ON `goods`(`goods_no`);

-- CreateIndex
CREATE INDEX `goods_goods_stock_idx` ON `goods`(`goods_stock`);

-- CreateIndex
CREATE INDEX `goods_goods_status_goods_verify_idx` ON `goods`(`goods_status`, `goods_verify`);

-- CreateIndex
CREATE INDEX `goods_goods_verify_goods_status_idx` ON `goods`(`goods_verify`, `goods_status`);

-- CreateIndex
CREATE INDEX `goods_is_master_idx` ON `goods`(`is_master`);

-- CreateIndex
CREATE INDEX `goods_created_at_idx` ON `goods`(`created_at`);

-- CreateIndex
CREATE INDEX `goods_attrs_store_id_name_idx` ON `goods_attrs`(`store_id`, `name`);

-- CreateIndex
CREATE INDEX `goods_attrs_store_id_created_at_idx` ON `goods_attrs`(`store_id`, `created_at`);

-- CreateIndex
CREATE INDEX `file_spaces_belong_id_created_at_idx` ON `file_spaces`(`belong_id`, `created_at`);

-- CreateIndex
CREATE INDEX `file_space_dirs_belong_id_name_idx` ON `file_space_dirs`(`belong_id`, `name`);

-- CreateIndex
CREATE INDEX `file_space_dirs_belong_id_created_at_idx` ON `file_space_dirs`(`belong_id`, `created_at`);

-- CreateIndex
CREATE INDEX `expresses_name_idx` ON `expresses`(`name`);

-- CreateIndex
CREATE INDEX `freights_store_id_name_idx` ON `freights`(`store_id`, `name`);

-- CreateIndex
CREATE INDEX `freights_store_id_created_at_idx` ON `freights`(`store_id`, `created_at`);

-- CreateIndex
CREATE INDEX `articles_click_idx` ON `articles`(`click`);

-- CreateIndex
CREATE INDEX `article_menus_name_idx` ON `article_menus`(`name`);

-- CreateIndex
CREATE INDEX `notices_tag_idx` ON `notices`(`tag`);

-- CreateIndex
CREATE INDEX `notices_name_idx` ON `notices`(`name`);

-- CreateIndex
CREATE INDEX `notices_is_type_idx` ON `notices`(`is_type`);

-- CreateIndex
CREATE INDEX `notices_is_send_idx` ON `notices`(`is_send`);

-- CreateIndex
CREATE INDEX `agreements_name_idx` ON `agreements`(`name`);

-- CreateIndex
CREATE INDEX `advs_name_idx` ON `advs`(`name`);

-- CreateIndex
CREATE INDEX `advs_adv_start_idx` ON `advs`(`adv_start`);

-- CreateIndex
CREATE INDEX `advs_adv_end_idx` ON `advs`(`adv_end`);

-- CreateIndex
CREATE INDEX `advs_is_sort_idx` ON `advs`(`is_sort`);

-- CreateIndex
CREATE INDEX `advs_is_type_idx` ON `advs`(`is_type`);

-- CreateIndex
CREATE INDEX `advs_status_idx` ON `advs`(`status`);

-- CreateIndex
CREATE INDEX `sms_code_idx` ON `sms`(`code`);

-- CreateIndex
CREATE INDEX `sms_logs_name_idx` ON `sms_logs`(`name`);

-- CreateIndex
CREATE INDEX `sms_logs_status_idx` ON `sms_logs`(`status`);

-- CreateIndex
CREATE INDEX `sms_logs_ip_idx` ON `sms_logs`(`ip`);

-- CreateIndex
CREATE INDEX `sms_logs_expires_at_idx` ON `sms_logs`(`expires_at`);

-- CreateIndex
CREATE INDEX `sms_logs_created_at_idx` ON `sms_logs`(`created_at`);

-- CreateIndex
CREATE INDEX `areas_name_idx` ON `areas`(`name`);

-- CreateIndex
CREATE INDEX `areas_deep_idx` ON `areas`(`deep`);

-- CreateIndex
CREATE INDEX `app_versions_version_idx` ON `app_versions`(`version`);

-- CreateIndex
CREATE INDEX `app_versions_version_code_idx` ON `app_versions`(`version_code`);

-- CreateIndex
CREATE INDEX `app_versions_is_wgt_idx` ON `app_versions`(`is_wgt`);

-- CreateIndex
CREATE INDEX `currencies_ename_idx` ON `currencies`(`ename`);
