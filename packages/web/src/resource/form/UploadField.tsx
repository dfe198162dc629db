import { useTranslation } from 'react-i18next';
import { ActionIcon, Anchor, Avatar, Button, FileButton, Group, Image, Stack } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { uploadFile, type UploadKind } from '../upload';
import { useFileUpload } from '../useFileUpload';
import type { FieldControlProps } from './fieldProps';
import { FieldError } from './FieldError';

const PREVIEW_SIZE = 80;

function Preview({ kind, url }: { kind: UploadKind; url: string }) {
  if (kind === 'avatar') return <Avatar src={url} size={PREVIEW_SIZE} />;
  if (kind === 'image') return <Image src={url} w={PREVIEW_SIZE} h={PREVIEW_SIZE} fit="contain" />;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
      {url.split('/').pop()}
    </Anchor>
  );
}

/** avatar, image and file fields: the value is the uploaded file's URL. */
export function UploadField({ id, value, onChange, error, form, kind }: FieldControlProps & { kind: Exclude<UploadKind, 'editor'> }) {
  const { t } = useTranslation();
  const url = typeof value === 'string' ? value : '';
  const folder = (form?.props as { name?: string } | undefined)?.name;
  const { uploading, upload } = useFileUpload((file) => uploadFile(file, kind, { name: folder }), onChange);

  return (
    <Stack id={id} gap={4}>
      <Group gap="sm">
        {url ? <Preview kind={kind} url={url} /> : null}
        <FileButton onChange={(file) => void upload(file)} accept={kind === 'file' ? undefined : 'image/*'}>
          {(props) => (
            <Button variant="default" size="xs" loading={uploading} {...props}>
              {t(url ? 'resource.upload.replace' : 'resource.upload.choose')}
            </Button>
          )}
        </FileButton>
        {url ? (
          <ActionIcon variant="subtle" color="gray" aria-label={t('resource.upload.remove')} onClick={() => onChange('')}>
            <IconX size={14} />
          </ActionIcon>
        ) : null}
      </Group>
      <FieldError error={error} />
    </Stack>
  );
}
