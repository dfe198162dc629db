import { Group, NativeSelect, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { USER_NAV, isCurrentItem } from './nav';

/** Phones: the user-centre menu as one select above the page (the side menu would leave no room for it). */
function UserNavSelect() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = USER_NAV.flatMap((group) => group.items).find((item) => isCurrentItem(item, pathname));
  return (
    <NativeSelect
      hiddenFrom="sm"
      mb="sm"
      aria-label={t('route.userHome')}
      value={current?.to ?? ''}
      onChange={(event) => void navigate(event.currentTarget.value)}
      data={[
        ...(current ? [] : [{ value: '', label: t('route.userHome') }]),
        ...USER_NAV.map((group) => ({ group: t(group.titleKey), items: group.items.map((item) => ({ value: item.to, label: t(item.labelKey) })) })),
      ]}
    />
  );
}

export default function UserLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <>
      <UserNavSelect />
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Paper withBorder w={200} p="xs" component="nav" aria-label={t('route.userHome')} visibleFrom="sm" style={{ flex: 'none' }}>
          <Stack gap="xs">
            {USER_NAV.map((group) => (
              <div key={group.titleKey}>
                <Text fw={700} size="sm" px="sm" py={4}>
                  {t(group.titleKey)}
                </Text>
                {group.items.map((item) => (
                  <NavLink
                    key={item.to}
                    component={Link}
                    to={item.to}
                    label={t(item.labelKey)}
                    active={isCurrentItem(item, pathname)}
                    py={4}
                  />
                ))}
              </div>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="md" flex={1} miw={0}>
          <Outlet />
        </Paper>
      </Group>
    </>
  );
}
