/** Mantine colour names used for tags of values that are neither success nor failure. */
const PALETTE = ['blue', 'cyan', 'grape', 'indigo', 'lime', 'orange', 'pink', 'teal', 'violet', 'yellow'] as const;

export type TagColor = 'green' | 'red' | (typeof PALETTE)[number];

const SUCCESS_WORDS = ['yes', 'success', 'succeeded', 'successful', 'passed', 'pass', 'enabled', 'enable', 'open', 'on', 'normal', 'completed', 'paid', 'true', '是', '成功', '通过', '已通过', '启用', '开启', '正常', '完成', '已完成', '已支付', '上架'];
const FAILURE_WORDS = ['no', 'fail', 'failed', 'failure', 'error', 'denied', 'rejected', 'disabled', 'disable', 'closed', 'close', 'off', 'false', 'cancelled', '否', '失败', '拒绝', '已拒绝', '禁用', '关闭', '异常', '取消', '已取消', '下架'];

function isEmptyTag(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The shown text of a tag: '-' for an empty value. */
export function tagText(value: unknown): string {
  return isEmptyTag(value) ? '-' : String(value);
}

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + char.charCodeAt(0)) >>> 0;
  return h;
}

/** The tag colour rule: success for 1/'1'/'Yes' or a success word, danger for 0/'0'/'No' or a failure word, else by hash. */
export function tagColor(value: unknown): TagColor | null {
  if (isEmptyTag(value)) return null;
  if (value === 1 || value === true) return 'green';
  if (value === 0 || value === false) return 'red';
  const text = String(value).trim();
  const word = text.toLowerCase();
  if (text === '1' || SUCCESS_WORDS.includes(word)) return 'green';
  if (text === '0' || FAILURE_WORDS.includes(word)) return 'red';
  return PALETTE[hash(text) % PALETTE.length];
}
