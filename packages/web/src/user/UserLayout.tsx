import { Flex, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { USER_NAV, isCurrentItem } from './nav';

export default function UserLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    // Side by side on wide screens; on phones the page comes first and the menu below it.
    <Flex align={{ base: 'stretch', sm: 'flex-start' }} direction={{ base: 'column-reverse', sm: 'row' }} gap="md">
      <Paper withBorder w={{ base: '100%', sm: 200 }} style={{ flex: 'none' }} p="xs" component="nav" aria-label={t('route.userHome')}>
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
    </Flex>
  );
}
