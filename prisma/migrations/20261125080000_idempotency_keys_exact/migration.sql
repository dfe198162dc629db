-- Idempotency-Keys compare exactly: under the table's case-insensitive collation `Key1` and `key1` were one key and
-- the second request was answered the first one's orders. A binary collation only splits keys, so the unique key holds.
ALTER TABLE `idempotency_keys` MODIFY `idem_key` varchar(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL;
