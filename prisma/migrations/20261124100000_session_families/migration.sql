-- Refresh-token families: every session names the first session of its rotation chain, so the reuse of any
-- rotated refresh token can end the whole chain at once.

-- AlterTable
ALTER TABLE `auth_sessions` ADD COLUMN `family_id` INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX `auth_sessions_family_id_idx` ON `auth_sessions`(`family_id`);

-- Sessions from before this migration: their chains cannot be told apart any more (rotated rows are purged a
-- day after rotation), so each account's sessions of an area form one family. A replayed old token then ends
-- every session of that account and area, never fewer than its own chain.
UPDATE `auth_sessions` s
  JOIN (SELECT `area`, `owner_id`, MIN(`id`) AS `first_id` FROM `auth_sessions` GROUP BY `area`, `owner_id`) f
    ON f.`area` = s.`area` AND f.`owner_id` = s.`owner_id`
  SET s.`family_id` = f.`first_id`;
