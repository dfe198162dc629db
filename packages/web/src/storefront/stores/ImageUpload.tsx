import { ActionIcon, Button, FileButton, Group, Image, Input } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';

/** Folder of the application's images on the server. */
const FOLDER = 'store';

/** An image field: uploads the chosen file (POST /api/uploads) and holds its URL. */
export function ImageUpload({ label, value, onChange, error, required }: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  required?: boolean;
}) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await api.upload<string>('/uploads', { file, name: FOLDER }));
    } catch {
      // the client has shown the refusal
    } finally {
      setUploading(false);
    }
  };
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
