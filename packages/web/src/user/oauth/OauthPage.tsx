// /user/oauth: the WeChat logins linked to the account. Link (the same WeChat flow as the login, started with bind=1:
// storefront/oauth/wechatFlow.ts) and unlink (DELETE /api/user/oauths/{name}); the server refuses to unlink the only
// way to log in, and says why (docs/oauth.md).
import { Alert, Anchor, Avatar, Badge, Button, Group, LoadingOverlay, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OauthLink, OauthLinks } from '@qshop/shared/schemas/oauth';
import { api } from '../../api/client';
import { LoadFailed } from '../../storefront/catalog/LoadStates';
import { useLoad } from '../../storefront/catalog/useLoad';
import { startWechat } from '../../storefront/oauth/wechatFlow';
import { notifySuccess } from '../../utils/notify';
import { confirmDialog } from '../funds/confirm';

function LinkRow({ link, onChanged }: { link: OauthLink; onChanged: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const label = t(`oauth.provider.${link.oauth_name}`);
  const bind = async () => {
    setBusy(true);
    try {
      await startWechat(link.oauth_name, { bind: true, returnTo: '/user/oauth' });
    } catch {
      setBusy(false);
    }
  };
  const unbind = async () => {
    if (!(await confirmDialog({ title: t('oauth.unbind'), message: t('oauth.unbindConfirm', { name: label }), confirm: t('oauth.unbind'), cancel: t('common.cancel'), danger: true }))) return;
    setBusy(true);
    try {
      await api.del(`/user/oauths/${link.oauth_name}`);
      notifySuccess(t('oauth.unbound'));
      onChanged();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" data-testid={`oauth-${link.oauth_name}`}>
      <Group justify="space-between" wrap="nowrap">
        <Group wrap="nowrap">
          <Avatar src={link.bound?.headimgurl || null} alt="" />
          <Stack gap={2}>
            <Text fw={600}>{label}</Text>
            <Text size="sm" c="dimmed">
              {link.bound ? t('oauth.boundAs', { nickname: link.bound.nickname, time: link.bound.created_at }) : t('oauth.notBound')}
            </Text>
          </Stack>
        </Group>
        {link.bound ? (
          <Button size="xs" variant="default" color="red" loading={busy} onClick={() => void unbind()} aria-label={`${t('oauth.unbind')} ${label}`}>
            {t('oauth.unbind')}
          </Button>
        ) : link.enabled ? (
          <Button size="xs" color="green" loading={busy} onClick={() => void bind()} aria-label={`${t('oauth.bind')} ${label}`}>
            {t('oauth.bind')}
          </Button>
        ) : (
          <Badge color="gray">{t('oauth.disabled')}</Badge>
        )}
      </Group>
    </Paper>
  );
}

export default function OauthPage() {
  const { t } = useTranslation();
  const links = useLoad('user-oauths', () => api.get<OauthLinks>('/user/oauths'));
  const data = links.data;
  const onlyWay = data && !data.has_password && !data.has_phone;
  return (
    <Stack gap="md">
      <Title order={4}>{t('route.oauth')}</Title>
      {links.failed && <LoadFailed onRetry={links.reload} />}
      {onlyWay && (
        <Alert color="orange">
          {t('oauth.noPassword')}{' '}
          <Anchor component={Link} to="/user/safe/phone">
            {t('oauth.toPhone')}
          </Anchor>
        </Alert>
      )}
      <div style={{ position: 'relative', minHeight: 120 }}>
        <LoadingOverlay visible={links.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <Stack gap="sm">
          {data?.links.map((link) => (
            <LinkRow key={link.oauth_name} link={link} onChanged={links.reload} />
          ))}
        </Stack>
      </div>
    </Stack>
  );
}
