// Messages of group buys (server modules/collectives), in both languages; merged into MESSAGES (i18n/messages.ts).
// Field labels of their back-office lists are COLLECTIVES_FIELD_LABELS (collectives-fields.ts).
export const COLLECTIVES_ZH = {
  'msg.collectiveNone': '该商品没有拼团活动',
  'msg.collectiveAlone': '拼团商品须单独下单（一次一件商品，一个规格）',
  'msg.collectiveGone': '该团不存在',
  'msg.collectiveFull': '该团已满员，请参加其他团或自己开团',
  'msg.collectiveExpired': '该团已过期，请参加其他团或自己开团',
  'msg.collectiveClosed': '该团已结束',
  'msg.collectiveOwn': '不能参加自己开的团',
  'msg.collectiveJoined': '您已在该团中',
  'msg.collectiveNotFilled': '拼团尚未成功，订单暂不能发货',
  'msg.collectiveRefund': '拼团未成功，自动退款',
  'msg.collectiveInUse': '该拼团活动已有人开团，不能删除',
  'valid.collectiveGoods': '请选择本店的商品，每个商品只能有一个拼团活动',
} as const

export const COLLECTIVES_EN: Record<keyof typeof COLLECTIVES_ZH, string> = {
  'msg.collectiveNone': 'This goods has no group buy.',
  'msg.collectiveAlone': 'A group-buy goods is ordered on its own (one goods, one SKU, per order).',
  'msg.collectiveGone': 'This group does not exist.',
  'msg.collectiveFull': 'This group is full: join another one or open your own.',
  'msg.collectiveExpired': 'This group has expired: join another one or open your own.',
  'msg.collectiveClosed': 'This group has ended.',
  'msg.collectiveOwn': 'You cannot join a group you opened.',
  'msg.collectiveJoined': 'You are already in this group.',
  'msg.collectiveNotFilled': 'The group is not full yet: its orders cannot be shipped.',
  'msg.collectiveRefund': 'The group did not fill: refunded automatically.',
  'msg.collectiveInUse': 'Groups were opened on this group buy: it cannot be deleted.',
  'valid.collectiveGoods': "Choose one of the store's goods; a goods has one group buy at most.",
}
