-- Customer-service chat: one conversation per store and shopper (or visitor, by the id of the guest token the server
-- signed) with each side's unread count; messages paged by id within a conversation, a sender's client_msg_id unique.
CREATE TABLE `chat_conversations` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `store_id` int(11) NOT NULL,
  `user_id` int(11) NOT NULL DEFAULT 0,
  `guest_id` varchar(32) NOT NULL DEFAULT '',
  `store_unread` int(11) NOT NULL DEFAULT 0,
  `user_unread` int(11) NOT NULL DEFAULT 0,
  `last_message_id` int(11) NOT NULL DEFAULT 0,
  `last_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  `updated_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  UNIQUE KEY `chat_conversations_store_id_user_id_guest_id_key` (`store_id`,`user_id`,`guest_id`),
  KEY `chat_conversations_store_id_last_at_idx` (`store_id`,`last_at`),
  KEY `chat_conversations_user_id_last_at_idx` (`user_id`,`last_at`),
  KEY `chat_conversations_guest_id_last_at_idx` (`guest_id`,`last_at`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `chat_messages` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `conversation_id` int(11) NOT NULL,
  `sender_side` tinyint(4) NOT NULL,
  `sender` varchar(48) NOT NULL,
  `client_msg_id` varchar(64) NOT NULL,
  `content_type` varchar(8) NOT NULL,
  `content` text NOT NULL,
  `created_at` datetime(3) NOT NULL DEFAULT current_timestamp(3),
  PRIMARY KEY (`id`),
  UNIQUE KEY `chat_messages_sender_client_msg_id_key` (`sender`,`client_msg_id`),
  KEY `chat_messages_conversation_id_id_idx` (`conversation_id`,`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

ALTER TABLE `chat_conversations` ADD CONSTRAINT `chat_conversations_store_id_fkey` FOREIGN KEY (`store_id`) REFERENCES `stores` (`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `chat_messages` ADD CONSTRAINT `chat_messages_conversation_id_fkey` FOREIGN KEY (`conversation_id`) REFERENCES `chat_conversations` (`id`) ON DELETE CASCADE ON UPDATE CASCADE;
