// Rich text written by sellers (goods details) is shown to every shopper: only an allowlist of tags, attributes and
// URL schemes survives, so a seller cannot run script in a shopper's session (tokens live in localStorage).
const ALLOWED_TAGS = new Set([
  'a', 'b', 'blockquote', 'br', 'caption', 'code', 'col', 'colgroup', 'div', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table',
  'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]);
/** Elements removed with everything inside them. */
const DROPPED_TAGS = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'frame', 'frameset', 'link', 'meta', 'base', 'form', 'svg', 'math']);
const ALLOWED_ATTRS = new Set(['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'align']);
const URL_ATTRS = new Set(['href', 'src']);
const SAFE_URL = /^(https?:\/\/|\/(?!\/)|\.{0,2}\/|#|mailto:)/i;
const SAFE_IMAGE_DATA = /^data:image\/(png|jpe?g|gif|webp);base64,/i;

function isSafeUrl(name: string, value: string): boolean {
  const url = value.trim();
  if (SAFE_URL.test(url)) return true;
  return name === 'src' && SAFE_IMAGE_DATA.test(url);
}

function clean(node: Element) {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.COMMENT_NODE) {
      child.remove();
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) {
      element.remove();
      continue;
    }
    clean(element);
    if (!ALLOWED_TAGS.has(tag)) {
      // Unknown wrappers give way to their (cleaned) content.
      element.replaceWith(...element.childNodes);
      continue;
    }
    for (const attr of [...element.attributes]) {
      const name = attr.name.toLowerCase();
      if (!ALLOWED_ATTRS.has(name) || (URL_ATTRS.has(name) && !isSafeUrl(name, attr.value))) element.removeAttribute(attr.name);
    }
    if (tag === 'a') {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
}

/** The html with anything that could run script or load foreign frames removed. */
export function safeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
