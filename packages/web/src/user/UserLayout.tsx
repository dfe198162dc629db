import { Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { USER_NAV, isCurrentItem } from './nav';

export default function UserLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Paper withBorder w={200} p="xs" component="nav" aria-label={t('route.userHome')}>
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
  );
}
