// /user/safe: the account's security at a glance (login password, pay password set or not, bound phone masked),
// each with the page that changes it.
import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { maskPhone } from '@qshop/shared/schemas/auth';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SAFE_PATH, WithAccount } from './account';

interface Item {
  title: string;
  status?: { label: string; ok: boolean };
  hint: string;
  to: string;
  action: string;
}

function SafeItem({ item }: { item: Item }) {
  return (
    <Group component="section" aria-label={item.title} justify="space-between" wrap="nowrap" py="sm">
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={500}>{item.title}</Text>
          {item.status && (
            <Badge variant="light" color={item.status.ok ? 'green' : 'gray'}>
              {item.status.label}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {item.hint}
        </Text>
      </Stack>
      <Button component={Link} to={item.to} variant="light" size="xs">
        {item.action}
      </Button>
    </Group>
  );
}

export default function SafePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={4}>{t('route.safe')}</Title>
      <WithAccount>
        {(user) => {
          const hasPayPassword = user.has_pay_password === true;
          const items: Item[] = [
            { title: t('user.safe.loginPassword'), hint: t('user.safe.loginPasswordHint'), to: `${SAFE_PATH}/password`, action: t('user.safe.change') },
            {
              title: t('user.safe.payPassword'),
              status: { label: t(hasPayPassword ? 'user.safe.isSet' : 'user.safe.notSet'), ok: hasPayPassword },
              hint: t('user.safe.payPasswordHint'),
              to: `${SAFE_PATH}/pay_password`,
              action: t(hasPayPassword ? 'user.safe.change' : 'user.safe.set'),
            },
            {
              title: t('user.safe.phone'),
              status: user.phone ? { label: maskPhone(user.phone), ok: true } : { label: t('user.safe.notBound'), ok: false },
              hint: t('user.safe.phoneHint'),
              to: `${SAFE_PATH}/phone`,
              action: t(user.phone ? 'user.safe.change' : 'user.safe.bind'),
            },
          ];
          return (
            <Stack gap={0}>
              {items.map((item, i) => (
                <Fragment key={item.to}>
                  {i > 0 && <Divider />}
                  <SafeItem item={item} />
                </Fragment>
              ))}
            </Stack>
          );
        }}
      </WithAccount>
    </Stack>
  );
}
