import { ActionIcon, Menu, NavLink, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import logoUrl from '../assets/logo.svg';
import type { BackOfficeArea } from '../auth/areas';
import { currentLanguage } from '../i18n';
import type { MenuItem } from '../menu/types';
import classes from './BackOfficeLayout.module.css';
import { menuAnchor } from './menuAnchor';
import { MenuIcon } from './MenuIcon';
import { menuLabel } from '../menu/menuLabel';
import type { MenuLink } from './menuTarget';

/** What an entry needs to open: its link, and the report of an entry without a page. */
interface EntryActions {
  linkOf: (item: MenuItem) => MenuLink;
  onOpen: (item: MenuItem) => void;
  /** Runs on a click of an entry that opens a page (the phone's drawer closes). */
  onEntryClick?: () => void;
}

interface SideMenuProps extends EntryActions {
  area: BackOfficeArea;
  collapsed: boolean;
  /** Shown in the phone's drawer, which carries the title: no brand row, the drawer's height. */
  inDrawer?: boolean;
  /** The selected module: its children (two levels) are listed. */
  module: MenuItem | undefined;
  pathname: string;
}

const rootOf = (item: MenuItem, { linkOf, onOpen }: EntryActions) => menuAnchor(linkOf(item), () => onOpen(item));

/** Children shown in the side menu: an entry with its own page lists none (its children are sub-pages such as
 *  the goods form: routed, reached from the page, not listed). */
export const listedChildren = (item: MenuItem): MenuItem[] => (item.apis ? [] : (item.children ?? []))

const holds = (item: MenuItem, pathname: string): boolean =>
  item.apis === pathname || (item.children ?? []).some((child) => holds(child, pathname));

interface EntryProps {
  entry: MenuItem;
  pathname: string;
  actions: EntryActions;
}

function CollapsedEntry({ entry, pathname, actions }: EntryProps) {
  const language = currentLanguage();
  const label = menuLabel(entry, language);
  const children = listedChildren(entry);
  const icon = (extra: { renderRoot?: ReturnType<typeof rootOf> }) => (
    <ActionIcon variant={holds(entry, pathname) ? 'filled' : 'subtle'} color={holds(entry, pathname) ? 'red' : 'gray'} size="lg" aria-label={label} {...extra}>
      <MenuIcon icon={entry.icon} />
    </ActionIcon>
  );
  if (!children.length) {
    return (
      <Tooltip label={label} position="right">
        {icon({ renderRoot: rootOf(entry, actions) })}
      </Tooltip>
    );
  }
  // A group's icon opens its list; the listed entries are the links.
  return (
    <Menu trigger="click-hover" position="right-start" offset={12}>
      <Menu.Target>{icon({})}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {children.map((child) => (
          <Menu.Item key={child.id} renderRoot={rootOf(child, actions)} color={holds(child, pathname) ? 'red' : undefined}>
            {menuLabel(child, language)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function ExpandedEntry({ entry, pathname, actions }: EntryProps) {
  const language = currentLanguage();
  const children = listedChildren(entry);
  const inside = holds(entry, pathname);
  const [opened, setOpened] = useState(inside);
  // Arriving at one of its pages (a module tab opens the module's first page) expands the group.
  useEffect(() => {
    if (inside) setOpened(true);
  }, [inside]);
  if (!children.length) {
    return (
      <NavLink
        renderRoot={rootOf(entry, actions)}
        onClick={actions.onEntryClick}
        className={classes.sideItem}
        label={menuLabel(entry, language)}
        leftSection={<MenuIcon icon={entry.icon} />}
        active={entry.apis === pathname}
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
          renderRoot={rootOf(child, actions)}
          onClick={actions.onEntryClick}
          className={classes.sideItem}
          label={menuLabel(child, language)}
          active={holds(child, pathname)}
        />
      ))}
    </NavLink>
  );
}

export function SideMenu({ area, collapsed, inDrawer = false, module, pathname, linkOf, onOpen, onEntryClick }: SideMenuProps) {
  const { t } = useTranslation();
  const actions = { linkOf, onOpen, onEntryClick };
  const entries = module?.children ?? [];
  return (
    <aside className={inDrawer ? classes.sideInDrawer : classes.side} aria-label={t('shell.sideMenu')}>
      {!inDrawer && (
        <div className={classes.brand}>
          <img src={logoUrl} alt="" />
          {!collapsed && (
            <Text fw={700} size="md">
              {t(`shell.title.${area}`)}
            </Text>
          )}
        </div>
      )}
      <ScrollArea flex={1} type="hover">
        {entries.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('shell.emptyMenu')}
          </Text>
        )}
        {entries.map((entry) =>
          collapsed ? (
            <div key={entry.id} className={classes.collapsedItem}>
              <CollapsedEntry entry={entry} pathname={pathname} actions={actions} />
            </div>
          ) : (
            <ExpandedEntry key={entry.id} entry={entry} pathname={pathname} actions={actions} />
          ),
        )}
      </ScrollArea>
    </aside>
  );
}
