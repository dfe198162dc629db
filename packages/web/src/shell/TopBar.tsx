import { ActionIcon, Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout, IconMenu2, IconUser } from '@tabler/icons-react';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackOfficeArea } from '../auth/areas';
import { logout } from '../auth/authService';
import { useSessionUser } from '../auth/useSession';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { currentLanguage } from '../i18n';
import type { MenuItem } from '../menu/types';
import classes from './BackOfficeLayout.module.css';
import { greetingKey } from './greeting';
import { menuAnchor } from './menuAnchor';
import { MenuIcon } from './MenuIcon';
import { menuLabel } from '../menu/menuLabel';
import type { MenuLink } from './menuTarget';
import { UserInfoDialog } from './UserInfoDialog';

interface TopBarProps {
  area: BackOfficeArea;
  modules: MenuItem[];
  activeModule: number;
  onSelectModule: (index: number) => void;
  linkOf: (item: MenuItem) => MenuLink;
  onOpen: (item: MenuItem) => void;
  /** On a phone the button opens the menu's drawer, and the greeting leaves its room to the module tabs. */
  phone: boolean;
  collapsed: boolean;
  onToggle: () => void;
}

function UserMenu({ area, phone }: { area: BackOfficeArea; phone: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser(area);
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <Menu position="bottom-end" width={200}>
        <Menu.Target>
          <UnstyledButton aria-label={phone ? t('shell.accountMenu') : undefined}>
            <Group gap="xs" wrap="nowrap">
              <Avatar src={user?.avatar || null} size={32} radius="xl" />
              {!phone && (
                <Text size="sm">
                  {t('shell.greetingName', { greeting: t(greetingKey(new Date().getHours())), name: user?.nickname || '-' })}
                </Text>
              )}
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user?.username ?? '-'}</Menu.Label>
          <Menu.Item leftSection={<IconUser size={14} />} onClick={() => setDialogOpen(true)}>
            {t('shell.userInfo')}
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={14} />} color="red" onClick={() => void logout(area)}>
            {t('auth.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <UserInfoDialog area={area} opened={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}

export function TopBar({ area, modules, activeModule, onSelectModule, linkOf, onOpen, phone, collapsed, onToggle }: TopBarProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <header className={classes.top}>
      {phone ? (
        <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={t('shell.openMenu')} aria-expanded={!collapsed}>
          <IconMenu2 size={20} />
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={t('shell.toggleMenu')}>
          {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
        </ActionIcon>
      )}
      <nav className={classes.tabs} aria-label={t('shell.modules')}>
        {modules.map((module, index) => (
          <UnstyledButton
            key={module.id}
            renderRoot={menuAnchor(linkOf(module), () => onOpen(module))}
            className={clsx(classes.tab, index === activeModule && classes.tabActive)}
            aria-current={index === activeModule ? 'true' : undefined}
            onClick={() => onSelectModule(index)}
          >
            <MenuIcon icon={module.icon} />
            {menuLabel(module, language)}
          </UnstyledButton>
        ))}
      </nav>
      <LanguageSwitch />
      <UserMenu area={area} phone={phone} />
    </header>
  );
}
