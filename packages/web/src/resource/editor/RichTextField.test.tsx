import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defineResource, zx } from '@qshop/shared';
import type { Editor } from '@tiptap/react';
import i18n from '../../i18n';
import { ResourceForm } from '../form/ResourceForm';
import { splitRichText } from '../richText';
import { renderInApp, stubApi } from '../testing';

const articles = defineResource({
  name: 'articles',
  area: 'admin',
  fields: { content: { label: 'fields.rich_content', input: zx.text(5000, 1), required: true, form: { type: 'editor' } } },
});

describe('the editor field', () => {
  it('saves html + separator + JSON node tree', async () => {
    const requests = stubApi(() => ({ code: 200, msg: '', data: { id: 1 } }));
    const onSaved = vi.fn();
    renderInApp(<ResourceForm decl={articles} endpoint="/Admin/articles" mode="create" record={null} onSaved={onSaved} onCancel={vi.fn()} />);
    const editable = await waitFor(() => {
      const element = document.querySelector('[contenteditable="true"]');
      if (!element) throw new Error('editor not mounted');
      return element;
    });
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
});
