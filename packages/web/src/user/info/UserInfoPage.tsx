// /user/info: the shopper's own profile — nickname, avatar, sex and birthday (POST /api/auth/edit). After a save
// the signed-in user is loaded again, so the header and the user centre show the new name and picture.
import { Avatar, Button, FileButton, Group, Input, Radio, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '@qshop/shared';
import { api } from '../../api/client';
import { reloadUser } from '../../auth/authService';
import type { SessionUser } from '../../auth/types';
import { uploadFile } from '../../resource/upload';
import { useFileUpload } from '../../resource/useFileUpload';
import { showFieldErrors } from '../../utils/formErrors';
import { notifySuccess } from '../../utils/notify';
import { required } from '../../utils/validators';
import { currentLanguage } from '../../i18n';
import { WithAccount } from '../safe/account';

const SEXES = ['0', '1', '2'] as const;
const NICKNAME_MAX = 32;

interface ProfileValues {
  nickname: string;
  avatar: string;
  sex: string;
  birthday: string;
}

const valuesOf = (user: SessionUser): ProfileValues => ({
  nickname: user.nickname ?? '',
  avatar: user.avatar ?? '',
  sex: String(user.sex ?? 0),
  birthday: typeof user.birthday === 'string' ? user.birthday : '',
});

function AvatarField({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t } = useTranslation();
  const { uploading, upload } = useFileUpload((file) => uploadFile(file, 'avatar'), onChange);
  return (
    <Input.Wrapper label={t('field.avatar')}>
      <Group gap="sm" mt={4}>
        <Avatar src={value || null} alt={t('user.info.currentAvatar')} size={64} radius="xl" />
        <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/gif,image/webp">
          {(props) => (
            <Button variant="default" size="xs" loading={uploading} {...props}>
              {t(value ? 'resource.upload.replace' : 'resource.upload.choose')}
            </Button>
          )}
        </FileButton>
      </Group>
    </Input.Wrapper>
  );
}

function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const today = dayjs().format('YYYY-MM-DD');
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(user),
    validate: {
      nickname: (value) =>
        required(t, 'field.nickname')(value.trim()) ?? (value.trim().length > NICKNAME_MAX ? t('user.info.nicknameTooLong', { max: NICKNAME_MAX }) : null),
      birthday: (value) => (value && (value < '1900-01-01' || value > today) ? translate(currentLanguage(), 'valid.birthday') : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await api.post('/auth/edit', {
        provider: 'users',
        nickname: values.nickname.trim(),
        avatar: values.avatar,
        sex: Number(values.sex),
        birthday: values.birthday,
      });
      const fresh = await reloadUser('user');
      form.setValues(valuesOf(fresh));
      form.resetDirty(valuesOf(fresh));
      notifySuccess(t('user.info.saved'));
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={440}>
        <TextInput label={t('field.username')} value={user.username ?? ''} readOnly variant="filled" />
        <AvatarField value={form.values.avatar} onChange={(url) => form.setFieldValue('avatar', url)} />
        <TextInput label={t('field.nickname')} autoComplete="nickname" maxLength={NICKNAME_MAX} {...form.getInputProps('nickname')} />
        <Radio.Group label={t('user.info.sex')} {...form.getInputProps('sex')}>
          <Group mt={4}>
            {SEXES.map((sex) => (
              <Radio key={sex} value={sex} label={t(`user.info.sexes.${sex}`)} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput type="date" label={t('user.info.birthday')} min="1900-01-01" max={today} {...form.getInputProps('birthday')} />
        <Group>
          <Button type="submit" loading={saving} disabled={!form.isDirty()}>
            {t('user.info.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function UserInfoPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={4}>{t('route.info')}</Title>
      <WithAccount>{(user) => <ProfileForm user={user} />}</WithAccount>
    </Stack>
  );
}
