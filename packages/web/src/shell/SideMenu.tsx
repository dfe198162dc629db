import { ActionIcon, Menu, NavLink, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import logoUrl from '../assets/logo.svg';
import type { BackOfficeArea } from '../auth/areas';
import { currentLanguage } from '../i18n';
import type { MenuItem } from '../menu/types';
import classes from './BackOfficeLayout.module.css';
import { MenuIcon } from './MenuIcon';
import { menuLabel } from '../menu/menuLabel';

interface SideMenuProps {
  area: BackOfficeArea;
  collapsed: boolean;
  /** The selected module: its children (two levels) are listed. */
  module: MenuItem | undefined;
  pathname: string;
  onOpen: (item: MenuItem) => void;
}

/** Children shown in the side menu: an entry with its own page lists none (its children are sub-pages such as
 *  the goods form: routed, reached from the page, not listed). */
export const listedChildren = (item: MenuItem): MenuItem[] => (item.apis ? [] : (item.children ?? []))

const holds = (item: MenuItem, pathname: string): boolean =>
  item.apis === pathname || (item.children ?? []).some((child) => holds(child, pathname));

function CollapsedEntry({ entry, pathname, onOpen }: { entry: MenuItem; pathname: string; onOpen: (item: MenuItem) => void }) {
  const language = currentLanguage();
  const label = menuLabel(entry, language);
  const button = (
    <ActionIcon
      variant={holds(entry, pathname) ? 'filled' : 'subtle'}
      color={holds(entry, pathname) ? 'red' : 'gray'}
      size="lg"
      aria-label={label}
      onClick={() => onOpen(entry)}
    >
      <MenuIcon icon={entry.icon} />
    </ActionIcon>
  );
  const children = listedChildren(entry);
  if (!children.length) {
    return (
      <Tooltip label={label} position="right">
        {button}
      </Tooltip>
    );
  }
  return (
    <Menu trigger="click-hover" position="right-start" offset={12}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {children.map((child) => (
          <Menu.Item key={child.id} onClick={() => onOpen(child)} color={holds(child, pathname) ? 'red' : undefined}>
            {menuLabel(child, language)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function ExpandedEntry({ entry, pathname, onOpen }: { entry: MenuItem; pathname: string; onOpen: (item: MenuItem) => void }) {
  const language = currentLanguage();
  const children = listedChildren(entry);
  const [opened, setOpened] = useState(() => holds(entry, pathname));
  if (!children.length) {
    return (
      <NavLink
        component="button"
        className={classes.sideItem}
        label={menuLabel(entry, language)}
        leftSection={<MenuIcon icon={entry.icon} />}
        active={entry.apis === pathname}
        onClick={() => onOpen(entry)}
      />
    );
  }
  return (
    <NavLink
      component="button"
      className={classes.sideItem}
      label={menuLabel(entry, language)}
      leftSection={<MenuIcon icon={entry.icon} />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={28}
    >
      {children.map((child) => (
        <NavLink
          key={child.id}
          component="button"
          className={classes.sideItem}
          label={menuLabel(child, language)}
          active={holds(child, pathname)}
          onClick={() => onOpen(child)}
        />
      ))}
    </NavLink>
  );
}

export function SideMenu({ area, collapsed, module, pathname, onOpen }: SideMenuProps) {
  const { t } = useTranslation();
  const entries = module?.children ?? [];
  return (
    <aside className={classes.side} aria-label={t('shell.sideMenu')}>
      <div className={classes.brand}>
        <img src={logoUrl} alt="" />
        {!collapsed && (
          <Text fw={700} size="md">
            {t(`shell.title.${area}`)}
          </Text>
        )}
      </div>
      <ScrollArea flex={1} type="hover">
        {entries.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('shell.emptyMenu')}
          </Text>
        )}
        {entries.map((entry) =>
          collapsed ? (
            <div key={entry.id} className={classes.collapsedItem}>
              <CollapsedEntry entry={entry} pathname={pathname} onOpen={onOpen} />
            </div>
          ) : (
            <ExpandedEntry key={entry.id} entry={entry} pathname={pathname} onOpen={onOpen} />
          ),
        )}
      </ScrollArea>
    </aside>
  );
}
