// "WeChat login" on the login and register pages, shown only when the admin enabled a WeChat login; the invite link's
// ?inviter= and the login's ?redirect= travel with it.
import { Button, Divider } from '@mantine/core';
import { IconBrandWechat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OauthProviders } from '@qshop/shared/schemas/oauth';
import { api } from '../../api/client';
import { useLoad } from '../catalog/useLoad';
import { preferredProvider, startWechat } from './wechatFlow';

export function WechatLoginButton({ inviter, returnTo }: { inviter?: string | null; returnTo?: string | null }) {
  const { t } = useTranslation();
  const providers = useLoad('oauth-providers', () => api.get<OauthProviders>('/oauth/providers'));
  const [leaving, setLeaving] = useState(false);
  const name = providers.data ? preferredProvider(providers.data.names) : null;
  if (!name) return null;
  const go = async () => {
    setLeaving(true);
    try {
      await startWechat(name, { inviter, returnTo });
    } catch {
      setLeaving(false);
    }
  };
  return (
    <>
      <Divider label={t('oauth.or')} labelPosition="center" />
      <Button variant="outline" color="green" fullWidth leftSection={<IconBrandWechat size={18} />} loading={leaving} onClick={() => void go()}>
        {t('oauth.wechatLogin')}
      </Button>
    </>
  );
}
