import { Avatar, Button, FileButton, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { AREAS, type BackOfficeArea } from '../auth/areas';
import { fetchUserInfo, reloadUser } from '../auth/authService';
import { AVATAR_CROP, USER_DIALOG_WIDTH } from '../config';
import { showFieldErrors } from '../utils/formErrors';
import { notifySuccess } from '../utils/notify';
import { required } from '../utils/validators';

interface UserInfoDialogProps {
  area: BackOfficeArea;
  opened: boolean;
  onClose: () => void;
}

/** Edits the signed-in back-office user's nickname, password (the current one is asked for) and avatar. */
export function UserInfoDialog({ area, opened, onClose }: UserInfoDialogProps) {
  const { t } = useTranslation();
  const { apiPrefix, provider } = AREAS[area];
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const form = useForm({
    initialValues: { nickname: '', password: '', old_password: '', avatar: '' },
    validate: {
      nickname: required(t, 'field.nickname'),
      old_password: (value, values) => (values.password ? required(t, 'shell.currentPassword')(value) : null),
    },
  });
  const { setValues, reset } = form;

  useEffect(() => {
    if (!opened) return;
    reset();
    fetchUserInfo(area).then(
      (user) => setValues({ nickname: user.nickname ?? '', password: '', old_password: '', avatar: user.avatar ?? '' }),
      (error: unknown) => console.error('Loading the user failed:', error),
    );
  }, [opened, area, setValues, reset]);

  const uploadAvatar = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const url = await api.upload<string>(`/${apiPrefix}uploads`, { file, name: 'avatar', option: AVATAR_CROP });
      form.setFieldValue('avatar', url);
    } catch {
      // Upload refusals are shown by the client.
    } finally {
      setUploading(false);
    }
  };

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await api.post(`/${apiPrefix}auth/edit`, {
        provider,
        nickname: values.nickname.trim(),
        password: values.password || '',
        ...(values.password ? { old_password: values.old_password } : {}),
        ...(values.avatar ? { avatar: values.avatar } : {}),
      });
      notifySuccess(t('msg.success'));
      await reloadUser(area);
      onClose();
    } catch (error) {
      console.error('Saving the user failed:', error);
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('shell.userInfo')} size={USER_DIALOG_WIDTH}>
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label={t('field.nickname')} withAsterisk {...form.getInputProps('nickname')} />
          <PasswordInput
            label={t('field.password')}
            placeholder={t('shell.passwordUnchanged')}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          {form.values.password && (
            <PasswordInput label={t('shell.currentPassword')} withAsterisk autoComplete="current-password" {...form.getInputProps('old_password')} />
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('field.avatar')}
            </Text>
            <Group>
              <Avatar src={form.values.avatar || null} size={AVATAR_CROP.width / 2} radius="sm" />
              <FileButton onChange={(file) => void uploadAvatar(file)} accept="image/png,image/jpeg,image/gif">
                {(props) => (
                  <Button variant="light" loading={uploading} {...props}>
                    {t('shell.uploadAvatar')}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
