import '@mantine/tiptap/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FileButton, Stack, Text } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { EDITOR_CONTENT_HEIGHT, EDITOR_HEIGHT, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '../../config';
import { notifyError } from '../../utils/notify';
import type { FieldControlProps } from '../form/fieldProps';
import { joinRichText, splitRichText } from '../richText';
import { EditorImage } from './EditorImage';
import { imageSource, refuseImages } from './editorImages';

function editorLabels(t: TFunction): Partial<RichTextEditorLabels> {
  const label = (key: string) => t(`resource.editor.${key}`);
  return {
    boldControlLabel: label('bold'),
    italicControlLabel: label('italic'),
    underlineControlLabel: label('underline'),
    strikeControlLabel: label('strike'),
    clearFormattingControlLabel: label('clearFormatting'),
    h1ControlLabel: label('h1'),
    h2ControlLabel: label('h2'),
    h3ControlLabel: label('h3'),
    bulletListControlLabel: label('bulletList'),
    orderedListControlLabel: label('orderedList'),
    blockquoteControlLabel: label('blockquote'),
    hrControlLabel: label('hr'),
    linkControlLabel: label('link'),
    unlinkControlLabel: label('unlink'),
    undoControlLabel: label('undo'),
    redoControlLabel: label('redo'),
    linkEditorInputLabel: label('linkUrl'),
    linkEditorInputPlaceholder: label('linkPlaceholder'),
    linkEditorExternalLink: label('linkExternal'),
    linkEditorInternalLink: label('linkInternal'),
    linkEditorSave: label('linkSave'),
  };
}

function ImageControl({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const insert = async (files: File[]) => {
    const refusal = refuseImages(files);
    if (refusal) {
      notifyError(t(`resource.editor.${refusal}`, { max: UPLOAD_MAX_FILES, size: UPLOAD_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    try {
      for (const file of files) {
        const src = await imageSource(file);
        editor.chain().focus().insertContent({ type: EditorImage.name, attrs: { src, alt: file.name } }).run();
      }
    } catch {
      // a failed upload has been shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <FileButton onChange={insert} accept="image/*" multiple>
      {(props) => (
        <RichTextEditor.Control {...props} disabled={busy} aria-label={t('resource.editor.image')} title={t('resource.editor.image')}>
          <IconPhoto size={16} stroke={1.5} />
        </RichTextEditor.Control>
      )}
    </FileButton>
  );
}

/** The editor field: its value is html + separator + JSON node tree (spec §3). */
export default function RichTextField({ id, value, onChange, error }: FieldControlProps) {
  const { t } = useTranslation();
  // The editor owns its content once created: the stored value is read only at mount.
  const [initial] = useState(() => splitRichText(typeof value === 'string' ? value : ''));
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link, EditorImage],
    content: (initial.json as object | null) ?? initial.html,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => onChange(joinRichText(current.getHTML(), current.getJSON())),
  });

  return (
    <Stack gap={4}>
      <RichTextEditor
        id={id}
        editor={editor}
        labels={editorLabels(t)}
        styles={{ root: { height: EDITOR_HEIGHT, display: 'flex', flexDirection: 'column' }, content: { height: EDITOR_CONTENT_HEIGHT, overflowY: 'auto' } }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            {editor ? <ImageControl editor={editor} /> : null}
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      {error ? (
        <Text c="red" size="xs">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
