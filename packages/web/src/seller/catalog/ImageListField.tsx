import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { uploadFile } from '../../resource/upload';
import { FieldError } from '../../resource/form/FieldError';
import '../../i18n/backoffice';

const PREVIEW_SIZE = 80;

interface ImageListFieldProps {
  id: string;
  /** The images' URLs, in order */
  value: string[];
  onChange: (value: string[]) => void;
  /** At most this many images */
  max: number;
  /** Upload folder: 'goods' puts the files in the seller's image space */
  folder?: string;
  error?: ReactNode;
  /** Accessible name of the images (the field's label) */
  label: string;
}

/** Several images, uploaded one file after another up to `max`; each removable. */
export function ImageListField({ id, value, onChange, max, folder, error, label }: ImageListFieldProps) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const [uploading, setUploading] = useState(false);

  const upload = async (files: File[]) => {
    const room = max - value.length;
    if (room <= 0 || !files.length) return;
    setUploading(true);
    const added: string[] = [];
    try {
      for (const file of files.slice(0, room)) added.push(await uploadFile(file, 'image', { name: folder }));
    } catch {
      // the client has shown the refusal; what was stored before it is kept
    } finally {
      setUploading(false);
      if (added.length) onChange([...value, ...added]);
    }
  };

  return (
    <Stack id={id} gap={4} role="group" aria-label={label}>
      <Group gap="sm">
        {value.map((url, index) => (
          <Box key={`${url}-${index}`} pos="relative">
            <Image src={url} w={PREVIEW_SIZE} h={PREVIEW_SIZE} fit="contain" radius="sm" bd="1px solid var(--mantine-color-gray-3)" alt={`${label} ${index + 1}`} />
            <ActionIcon
              size="xs"
              color="red"
              variant="filled"
              radius="xl"
              pos="absolute"
              top={-6}
              right={-6}
              aria-label={tc('removeImage', { index: index + 1 })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <IconX size={10} />
            </ActionIcon>
          </Box>
        ))}
        {value.length < max ? (
          <FileButton onChange={(files) => void upload(files)} accept="image/*" multiple>
            {(props) => (
              <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} loading={uploading} {...props}>
                {tc('addImages')}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {tc('imageCount', { count: value.length, max })}
      </Text>
      <FieldError error={error} />
    </Stack>
  );
}
