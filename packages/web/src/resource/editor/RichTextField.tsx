import '@mantine/tiptap/styles.css';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FileButton, Stack } from '@mantine/core';
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
import { FieldError } from '../form/FieldError';

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

/** Inserting images into the editor, from the toolbar button, a paste or a drop: checked, then inlined or uploaded. */
function useImageInsert() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const insert = async (editor: Editor, files: File[]) => {
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
  return { busy, insert };
}

/** The image files of a paste or a drop (other files and plain content are left to the editor). */
const imageFiles = (list: FileList | null | undefined): File[] => [...(list ?? [])].filter((file) => file.type.startsWith('image/'));

function ImageControl({ editor, busy, onFiles }: { editor: Editor; busy: boolean; onFiles: (editor: Editor, files: File[]) => void }) {
  const { t } = useTranslation();
  return (
    <FileButton onChange={(files) => onFiles(editor, files)} accept="image/*" multiple>
      {(props) => (
        <RichTextEditor.Control {...props} disabled={busy} aria-label={t('resource.editor.image')} title={t('resource.editor.image')}>
          <IconPhoto size={16} stroke={1.5} />
        </RichTextEditor.Control>
      )}
    </FileButton>
  );
}

/** The editor field: its value is html + separator + JSON node tree. */
export default function RichTextField({ id, value, onChange, error }: FieldControlProps) {
  const { t } = useTranslation();
  // The editor owns its content once created: the stored value is read only at mount.
  const [initial] = useState(() => splitRichText(typeof value === 'string' ? value : ''));
  const images = useImageInsert();
  // The editor keeps the handlers it was created with: they reach the current editor and insert through refs.
  const editorRef = useRef<Editor | null>(null);
  const insertRef = useRef(images.insert);
  insertRef.current = images.insert;
  const insertFiles = (files: File[]) => {
    if (!files.length || !editorRef.current) return false;
    void insertRef.current(editorRef.current, files);
    return true;
  };
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link, EditorImage],
    content: (initial.json as object | null) ?? initial.html,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => onChange(joinRichText(current.getHTML(), current.getJSON())),
    editorProps: {
      handlePaste: (_view, event) => insertFiles(imageFiles(event.clipboardData?.files)),
      handleDrop: (view, event) => {
        const files = imageFiles(event.dataTransfer?.files);
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        if (files.length && at && editorRef.current) editorRef.current.commands.setTextSelection(at.pos);
        return insertFiles(files);
      },
    },
  });
  editorRef.current = editor;

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
            {editor ? <ImageControl editor={editor} busy={images.busy} onFiles={(target, files) => void images.insert(target, files)} /> : null}
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      <FieldError error={error} />
    </Stack>
  );
}
