// Rich-text values are stored as "html + separator + editor JSON node tree".
import { RICH_TEXT_SEPARATOR } from '@qshop/shared/constants';

export interface RichTextParts {
  html: string;
  /** The editor's JSON document; null for plain html, or a tree of another editor, which the editor cannot load. */
  json: unknown;
}

/** A document of this editor (Tiptap): an object of type doc. The reference platform's values and older seeds carry
 *  `[]` or another editor's node list there, which the editor refuses ("Invalid content") and then shows nothing. */
const isEditorDoc = (json: unknown): boolean =>
  typeof json === 'object' && json !== null && !Array.isArray(json) && (json as { type?: unknown }).type === 'doc';

export function joinRichText(html: string, json: unknown): string {
  return `${html}${RICH_TEXT_SEPARATOR}${JSON.stringify(json)}`;
}

export function splitRichText(value: string | null | undefined): RichTextParts {
  if (!value) return { html: '', json: null };
  const at = value.indexOf(RICH_TEXT_SEPARATOR);
  if (at === -1) return { html: value, json: null };
  const html = value.slice(0, at);
  try {
    const json: unknown = JSON.parse(value.slice(at + RICH_TEXT_SEPARATOR.length));
    return { html, json: isEditorDoc(json) ? json : null };
  } catch {
    return { html, json: null };
  }
}

/** What a view shows: the html part only. */
export function richTextHtml(value: string | null | undefined): string {
  return splitRichText(value).html;
}
