-- The widths of the WebP copies written beside each public image (filled on upload and by the start-up backfill).

-- AlterTable
ALTER TABLE `uploads` ADD COLUMN `copy_widths` VARCHAR(64) NOT NULL DEFAULT '';
