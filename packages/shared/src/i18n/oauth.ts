// Messages of WeChat login and of linking WeChat to an account (docs/oauth.md), in both languages; merged into
// MESSAGES (i18n/messages.ts).
export const OAUTH_ZH = {
  'msg.oauthDisabled': '该登录方式未启用',
  'msg.oauthStateExpired': '登录请求已过期，请重新发起微信登录',
  'msg.oauthStateUsed': '该登录请求已使用过，请重新发起微信登录',
  'msg.oauthStateForeign': '该登录请求不是在本浏览器发起的，请在本浏览器重新发起微信登录',
  'msg.oauthStateWrongAccount': '该绑定请求属于另一个账号，请重新发起绑定',
  'msg.oauthDenied': '您已取消微信授权',
  'msg.oauthProviderError': '微信返回错误（{errcode}）：{errmsg}',
  'msg.oauthUnreachable': '暂时无法连接微信，请稍后再试',
  'msg.oauthBound': '已绑定微信',
  'msg.oauthUnbound': '已解除微信绑定',
  'msg.oauthBoundToOther': '该微信已绑定其他账号',
  'msg.oauthAlreadyBound': '您的账号已绑定微信，请先解除绑定',
  'msg.oauthOnlyLogin': '微信是该账号唯一的登录方式，请先设置登录密码或绑定手机号再解除绑定',
} as const

export const OAUTH_EN: Record<keyof typeof OAUTH_ZH, string> = {
  'msg.oauthDisabled': 'This way of logging in is not enabled.',
  'msg.oauthStateExpired': 'The login request has expired. Start the WeChat login again.',
  'msg.oauthStateUsed': 'This login request has already been used. Start the WeChat login again.',
  'msg.oauthStateForeign': 'This login request was not started in this browser. Start the WeChat login again here.',
  'msg.oauthStateWrongAccount': 'This linking request belongs to another account. Start linking again.',
  'msg.oauthDenied': 'You cancelled the WeChat authorization.',
  'msg.oauthProviderError': 'WeChat answered an error ({errcode}): {errmsg}',
  'msg.oauthUnreachable': 'WeChat cannot be reached right now. Try again later.',
  'msg.oauthBound': 'WeChat linked.',
  'msg.oauthUnbound': 'WeChat unlinked.',
  'msg.oauthBoundToOther': 'This WeChat account is linked to another account.',
  'msg.oauthAlreadyBound': 'Your account is already linked to WeChat. Unlink it first.',
  'msg.oauthOnlyLogin': 'WeChat is the only way to log in to this account: set a login password or a phone number before unlinking it.',
}
