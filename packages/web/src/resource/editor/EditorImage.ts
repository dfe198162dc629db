import { Node, mergeAttributes } from '@tiptap/react';

/** Images in rich text: an <img> with its src (uploaded URL or inline data). */
export const EditorImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes({ style: 'max-width: 100%' }, HTMLAttributes)];
  },
});
