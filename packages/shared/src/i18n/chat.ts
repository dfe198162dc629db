// Messages of the customer-service chat (docs/chat.md), in both languages; merged into MESSAGES (i18n/messages.ts).
export const CHAT_ZH = {
  'msg.chatSelf': '不能给自己的店铺发消息',
  'msg.chatStoreGone': '店铺不存在或已关闭',
  'msg.chatCardRefused': '只能发送您可以查看的商品或订单',
  'msg.chatGuestInvalid': '访客身份已失效，请刷新页面',
  'msg.chatTooMany': '消息发送太频繁，请稍后再发',
  'valid.chatEmpty': '消息内容不能为空（不能只含 HTML 标签）',
  'valid.chatPicture': '图片须是本站上传的图片',
} as const

export const CHAT_EN: Record<keyof typeof CHAT_ZH, string> = {
  'msg.chatSelf': 'You cannot message your own store.',
  'msg.chatStoreGone': 'The store does not exist or is closed.',
  'msg.chatCardRefused': 'You can only send goods or orders you can see.',
  'msg.chatGuestInvalid': 'Your visitor session has expired; please reload the page.',
  'msg.chatTooMany': 'You are sending messages too fast; please wait a moment.',
  'valid.chatEmpty': 'The message is empty (HTML tags are removed).',
  'valid.chatPicture': 'The picture must be one uploaded to this shop.',
}
