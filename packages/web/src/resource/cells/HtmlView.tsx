import { useState, type SyntheticEvent } from 'react';

const MIN_HEIGHT = 60;

/**
 * Stored html shown in a sandboxed frame: no script of the content ever runs, whoever wrote it
 * (goods text comes from sellers and is viewed by admins).
 */
export function HtmlView({ html, title }: { html: string; title: string }) {
  const [height, setHeight] = useState(MIN_HEIGHT);
  const fitContent = (event: SyntheticEvent<HTMLIFrameElement>) => {
    const body = event.currentTarget.contentDocument?.body;
    if (body) setHeight(Math.max(MIN_HEIGHT, body.scrollHeight + 16));
  };
  return (
    <iframe
      title={title}
      sandbox="allow-same-origin"
      srcDoc={html}
      onLoad={fitContent}
      style={{ width: '100%', height, border: 0 }}
    />
  );
}
