import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defineResource, zx } from '@qshop/shared';
import type { Editor } from '@tiptap/react';
import i18n from '../../i18n';
import { ResourceForm } from '../form/ResourceForm';
import { splitRichText } from '../richText';
import { RICH_TEXT_SEPARATOR } from '@qshop/shared/constants';
import { renderInApp, stubApi } from '../testing';

const articles = defineResource({
  name: 'articles',
  area: 'admin',
  fields: { content: { label: 'fields.rich_content', input: zx.text(5000, 1), required: true, form: { type: 'editor' } } },
});

// The editor's field is loaded lazily: its first load can take a few seconds on a busy machine.
const MOUNT = { timeout: 10_000 };

describe('the editor field', () => {
  it('saves html + separator + JSON node tree', async () => {
    const requests = stubApi(() => ({ code: 200, msg: '', data: { id: 1 } }));
    const onSaved = vi.fn();
    renderInApp(<ResourceForm decl={articles} endpoint="/Admin/articles" mode="create" record={null} onSaved={onSaved} onCancel={vi.fn()} />);
    const editable = await waitFor(() => {
      const element = document.querySelector('[contenteditable="true"]');
      if (!element) throw new Error('editor not mounted');
      return element;
    }, MOUNT);
    expect(screen.getByRole('button', { name: i18n.t('resource.editor.bold') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: i18n.t('resource.editor.image') })).toBeInTheDocument();
    // jsdom has no layout for typing into ProseMirror: the content goes in through the editor's commands.
    const editor = (editable as HTMLElement & { editor: Editor }).editor;
    editor.commands.insertContent('Hello');
    await userEvent.click(screen.getByRole('button', { name: i18n.t('common.confirm') }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const content = new URLSearchParams(requests[0].body).get('content');
    const { html, json } = splitRichText(content);
    expect(html).toBe('<p>Hello</p>');
    expect(json).toMatchObject({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }] });
  });

  it('shows a stored description whose tree the editor cannot load (seeded goods: html + separator + [])', async () => {
    stubApi(() => ({ code: 200, msg: '', data: null }));
    const stored = `<p>100% 精梳棉面料</p><ul><li>柔软透气</li></ul>${RICH_TEXT_SEPARATOR}[]`;
    renderInApp(<ResourceForm decl={articles} endpoint="/Admin/articles" mode="update" record={{ id: 1, content: stored }} onSaved={vi.fn()} onCancel={vi.fn()} />);
    const editable = await waitFor(() => {
      const element = document.querySelector('[contenteditable="true"]');
      if (!element?.textContent) throw new Error('editor not filled');
      return element as HTMLElement & { editor: Editor };
    }, MOUNT);
    expect(editable).toHaveTextContent('100% 精梳棉面料柔软透气');
    expect(editable.editor.getHTML()).toBe('<p>100% 精梳棉面料</p><ul><li><p>柔软透气</p></li></ul>');
  });

  it('takes images pasted or dropped into the text: small ones inline, larger ones uploaded', async () => {
    const requests = stubApi((request) => ({ code: 200, msg: '', data: request.method === 'POST' ? '/uploads/editor/big.png' : null }));
    renderInApp(<ResourceForm decl={articles} endpoint="/Admin/articles" mode="create" record={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    const editable = await waitFor(() => {
      const element = document.querySelector('[contenteditable="true"]');
      if (!element) throw new Error('editor not mounted');
      return element as HTMLElement & { editor: Editor };
    }, MOUNT);
    const transfer = (files: File[]) => ({ files, types: ['Files'], getData: () => '' });
    const small = new File([new Uint8Array(100)], 'small.png', { type: 'image/png' });
    const paste = Object.assign(new Event('paste', { bubbles: true, cancelable: true }), { clipboardData: transfer([small]) });
    editable.dispatchEvent(paste);
    await waitFor(() => expect(editable.editor.getHTML()).toContain('src="data:image/png;base64,'));
    expect(paste.defaultPrevented).toBe(true);

    // jsdom has no layout: the drop point is the editor itself
    vi.spyOn(document, 'elementFromPoint').mockReturnValue(editable);
    const big = new File([new Uint8Array(64 * 1024)], 'big.png', { type: 'image/png' });
    const drop = Object.assign(new Event('drop', { bubbles: true, cancelable: true }), { dataTransfer: transfer([big]), clientX: 0, clientY: 0 });
    editable.dispatchEvent(drop);
    await waitFor(() => expect(editable.editor.getHTML()).toContain('src="/uploads/editor/big.png"'));
    // one upload (the test page is outside the back offices, so the storefront's upload route)
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual(['/api/uploads']);

    // anything but image files is the editor's own paste
    const text = Object.assign(new Event('paste', { bubbles: true, cancelable: true }), { clipboardData: { files: [], types: ['text/plain'], getData: (type: string) => (type === 'text/plain' ? 'plain words' : '') } });
    editable.dispatchEvent(text);
    await waitFor(() => expect(editable.editor.getHTML()).toContain('plain words'));
  });
});
