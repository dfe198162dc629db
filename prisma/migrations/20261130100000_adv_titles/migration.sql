-- Ads carry the text the storefront draws over their picture, in Chinese and English ('' = no text: pictures that
-- have their own lettering keep showing as they are).
ALTER TABLE `advs`
  ADD COLUMN `title` VARCHAR(120) NOT NULL DEFAULT '' AFTER `name`,
  ADD COLUMN `etitle` VARCHAR(120) NOT NULL DEFAULT '' AFTER `title`,
  ADD COLUMN `subtitle` VARCHAR(255) NOT NULL DEFAULT '' AFTER `etitle`,
  ADD COLUMN `esubtitle` VARCHAR(255) NOT NULL DEFAULT '' AFTER `subtitle`;
