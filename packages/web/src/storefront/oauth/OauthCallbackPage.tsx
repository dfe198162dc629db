// /oauth/callback/{name}: where WeChat sends the browser back (?code=&state=). Posts them with this browser's key to
// the server: a login ends logged in (then the page the shopper came from), a link goes back to /user/oauth; a refusal
// (expired, used or foreign state, WeChat's error, a cancelled consent) is shown with a way to start again.
import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { OAUTH_NAMES, type OauthCallbackResult, type OauthName } from '@qshop/shared/schemas/oauth';
import { api, ApiError } from '../../api/client';
import { completeLogin } from '../../auth/authService';
import { navigateTo } from '../../router/navigation';
import { notifySuccess } from '../../utils/notify';
import { AuthPanel } from '../AuthPanel';
import { takePending } from './wechatFlow';

export default function OauthCallbackPage() {
  const { t } = useTranslation();
  const { name } = useParams();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [bind, setBind] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // A state is used once: React's development double effect must not post it twice.
    if (started.current) return;
    started.current = true;
    const state = params.get('state') ?? '';
    const pending = state ? takePending(state) : null;
    if (!OAUTH_NAMES.includes(name as OauthName) || !pending) {
      setFailure(t('oauth.notStartedHere'));
      return;
    }
    const code = params.get('code');
    api
      .post<OauthCallbackResult>(`/oauth/callback/${name}`, { state, browser_key: pending.browser_key, ...(code ? { code } : {}) })
      .then(async (result) => {
        if (result.action === 'login') await completeLogin('user', result.token, pending.return_to);
        else {
          notifySuccess(t('oauth.bound'));
          navigateTo('/user/oauth', { replace: true });
        }
      })
      .catch((error: unknown) => {
        setBind(Boolean(pending.return_to?.startsWith('/user/oauth')));
        setFailure(error instanceof ApiError ? error.message : t('oauth.failed'));
      });
  }, [name, params, t]);

  return (
    <AuthPanel title={t('oauth.title')}>
      {failure ? (
        <Stack>
          <Alert color="red" title={t('oauth.failed')}>
            <Text size="sm">{failure}</Text>
          </Alert>
          <Anchor component={Link} to={bind ? '/user/oauth' : '/login'}>
            {bind ? t('oauth.backToLinks') : t('oauth.backToLogin')}
          </Anchor>
        </Stack>
      ) : (
        <Center>
          <Stack align="center">
            <Loader />
            <Text>{t('oauth.working')}</Text>
          </Stack>
        </Center>
      )}
    </AuthPanel>
  );
}
