// The storefront header's pop-out parts: the language menu, the category drop-down (pages other than home) and the
// phones' category drawer. They bring Mantine's menu, drawer and positioning code, which no first paint needs, so they
// arrive in a chunk of their own after the page has shown (HomeLayout.tsx renders look-alike stand-ins until then).
import { Burger, Button, Drawer, Menu, NavLink as MenuLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { encodeParams } from '../utils/base64Params';
import { useCommonData } from './commonStore';
import { NAV_LINKS } from './navLinks';
import { useFocusOnMount } from '../utils/focus';

export { LanguageSwitch };

/** Props of a part that replaces its stand-in (HomeLayout.tsx): open at once if it was clicked, focused if it had the focus. */
type PartProps = { defaultOpened?: boolean; focusOnMount?: boolean };

export function CategoryMenu({ defaultOpened = false, focusOnMount = false }: PartProps) {
  const { t } = useTranslation();
  const trigger = useFocusOnMount<HTMLButtonElement>(focusOnMount);
  const classesTree = useCommonData()?.classes ?? [];
  return (
    <Menu trigger="hover" position="bottom-start" width={200} defaultOpened={defaultOpened}>
      <Menu.Target>
        <Button ref={trigger} radius={0} h={40}>
          {t('store.allCategories')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {classesTree.length === 0 && <Menu.Label>{t('common.empty')}</Menu.Label>}
        {classesTree.map((item) => (
          <Menu.Item key={item.id} component={Link} to={`/s/${encodeParams({ class_id: item.id, deep: 1 })}`}>
            {item.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Phones: the categories (with their sub-categories) and the site's sections in a drawer opened by the burger. */
export function CategoryDrawer({ defaultOpened = false, focusOnMount = false }: PartProps) {
  const { t } = useTranslation();
  const trigger = useFocusOnMount<HTMLButtonElement>(focusOnMount);
  const classesTree = useCommonData()?.classes ?? [];
  const [opened, { toggle, close }] = useDisclosure(defaultOpened);
  const { pathname, search } = useLocation();
  // Closed when the address changes (not on mount: a drawer asked for before this chunk arrived stays open).
  const address = `${pathname}${search}`;
  useEffect(() => {
    return () => close();
  }, [address, close]);
  const searchLink = (id: number) => `/s/${encodeParams({ class_id: id })}`;
  return (
    <>
      <Burger ref={trigger} opened={opened} onClick={toggle} size="sm" aria-label={t('store.allCategories')} hiddenFrom="sm" />
      <Drawer opened={opened} onClose={close} title={t('store.allCategories')} size="85%">
        <Stack gap={0}>
          {NAV_LINKS.map((link) => (
            <MenuLink key={link.to} component={Link} to={link.to} label={t(link.labelKey)} fw={600} />
          ))}
          {classesTree.length === 0 && (
            <Text c="dimmed" size="sm" p="sm">
              {t('common.empty')}
            </Text>
          )}
          {classesTree.map((item) => (
            <MenuLink key={item.id} label={item.name} defaultOpened={false} childrenOffset={12}>
              <MenuLink component={Link} to={searchLink(item.id)} label={t('store.allOf', { name: item.name })} />
              {item.children?.map((child) => (
                <MenuLink key={child.id} component={Link} to={searchLink(child.id)} label={child.name} />
              ))}
            </MenuLink>
          ))}
        </Stack>
      </Drawer>
    </>
  );
}
