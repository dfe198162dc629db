import { ActionIcon, Button, FileButton, Group, Image, Input } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { IDENTITY_UPLOAD_FOLDERS } from '@qshop/shared/constants';
import { api } from '../../api/client';
import { useFileUpload } from '../../resource/useFileUpload';

/**
 * An identity image field: uploads the chosen file (POST /api/uploads) to a private folder and holds the answered
 * URL (signed, short-lived: the server stores the file's reference and signs it again when the application is read).
 */
export function ImageUpload({ label, folder, value, onChange, error, required }: {
  label: string;
  folder: (typeof IDENTITY_UPLOAD_FOLDERS)[number];
  value: string;
  onChange: (url: string) => void;
  error?: string;
  required?: boolean;
}) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const { uploading, upload } = useFileUpload((file) => api.upload<string>('/uploads', { file, name: folder }), onChange);
  return (
    <Input.Wrapper label={label} error={error} required={required}>
      <Group gap="sm" mt={4}>
        {value && <Image src={value} w={96} h={64} fit="contain" alt={label} />}
        <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/gif,image/webp">
          {(props) => (
            <Button variant="default" size="xs" loading={uploading} {...props}>
              {tc(value ? 'join.replaceImage' : 'join.chooseImage')}
            </Button>
          )}
        </FileButton>
        {value && (
          <ActionIcon variant="subtle" color="gray" aria-label={tc('join.removeImage', { label })} onClick={() => onChange('')}>
            <IconX size={14} />
          </ActionIcon>
        )}
      </Group>
    </Input.Wrapper>
  );
}
