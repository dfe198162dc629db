// Rich-text values are stored as "html + separator + editor JSON node tree" (spec §3).
import { RICH_TEXT_SEPARATOR } from '@qshop/shared/constants';

export interface RichTextParts {
  html: string;
  /** The editor's JSON node tree; null for plain html written elsewhere. */
  json: unknown;
}

export function joinRichText(html: string, json: unknown): string {
  return `${html}${RICH_TEXT_SEPARATOR}${JSON.stringify(json)}`;
}

export function splitRichText(value: string | null | undefined): RichTextParts {
  if (!value) return { html: '', json: null };
  const at = value.indexOf(RICH_TEXT_SEPARATOR);
  if (at === -1) return { html: value, json: null };
  const html = value.slice(0, at);
  try {
    return { html, json: JSON.parse(value.slice(at + RICH_TEXT_SEPARATOR.length)) };
  } catch {
    return { html, json: null };
  }
}

/** What a view shows: the html part only. */
export function richTextHtml(value: string | null | undefined): string {
  return splitRichText(value).html;
}
