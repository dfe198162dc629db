-- Every stored upload of the three areas (quota audit, private identity documents).

-- CreateTable
CREATE TABLE `uploads` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `area` VARCHAR(16) NOT NULL,
    `owner_id` INTEGER NOT NULL,
    `store_id` INTEGER NOT NULL DEFAULT 0,
    `folder` VARCHAR(32) NOT NULL,
    `disk` VARCHAR(16) NOT NULL,
    `path` VARCHAR(255) NOT NULL,
    `url` VARCHAR(255) NOT NULL DEFAULT '',
    `size` INTEGER NOT NULL,
    `mime` VARCHAR(128) NOT NULL,
    `original_name` VARCHAR(255) NOT NULL DEFAULT '',
    `is_private` TINYINT NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `uploads_disk_path_key`(`disk`, `path`),
    INDEX `uploads_area_owner_id_created_at_idx`(`area`, `owner_id`, `created_at`),
    INDEX `uploads_store_id_created_at_idx`(`store_id`, `created_at`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
