import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { areaFromPath, type BackOfficeArea } from '../auth/areas';
import { SIDE_MENU_COLLAPSED_WIDTH, SIDE_MENU_WIDTH } from '../config';
import { useMenus } from '../menu/menuStore';
import type { MenuItem } from '../menu/types';
import classes from './BackOfficeLayout.module.css';
import { MainArea } from './MainArea';
import { menuLink, openMenuItem } from './menuTarget';
import { clampModule, moduleHolding, readSelectedModule, saveSelectedModule } from './modules';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

/** Narrower than this (Mantine's `sm`), the side menu is a drawer opened from the top bar. */
const PHONE_QUERY = '(max-width: 47.99em)';

export default function BackOfficeLayout() {
  const { t } = useTranslation(); // also re-renders menu labels when the language changes
  const { pathname } = useLocation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [drawerOpened, setDrawerOpened] = useState(false);
  const navigate = useNavigate();
  const area = areaFromPath(pathname) as BackOfficeArea;
  const { items, paths } = useMenus(area);
  const [collapsed, setCollapsed] = useState(false);
  const holding = moduleHolding(items, pathname);
  const [selected, setSelected] = useState(() => (holding >= 0 ? holding : readSelectedModule(area)));
  const activeModule = clampModule(selected, items);

  // Entering a page selects its module; a clicked tab stays selected until then.
  useEffect(() => {
    if (holding < 0) return;
    setSelected(holding);
    saveSelectedModule(area, holding);
  }, [holding, area]);

  const knowsRoute = (path: string) => paths.has(path);
  // Entries with a page are links (menuAnchor.tsx): this runs for the others, and reports their missing route.
  const open = (item: MenuItem) =>
    openMenuItem(item, {
      knowsRoute,
      navigate: (to) => void navigate(to),
      openExternal: (url) => window.open(url, '_blank', 'noopener'),
    });
  const linkOf = (item: MenuItem) => menuLink(item, knowsRoute);

  // A tab's link opens the module's first page; the tab stays selected until another page selects its module.
  const selectModule = (index: number) => {
    setSelected(index);
    saveSelectedModule(area, index);
  };

  const style = { '--side-width': `${collapsed ? SIDE_MENU_COLLAPSED_WIDTH : SIDE_MENU_WIDTH}px` } as CSSProperties;
  const sideMenu = (inDrawer: boolean) => (
    <SideMenu
      area={area}
      collapsed={!inDrawer && collapsed}
      inDrawer={inDrawer}
      module={items[activeModule]}
      pathname={pathname}
      linkOf={linkOf}
      onOpen={open}
      onEntryClick={inDrawer ? () => setDrawerOpened(false) : undefined}
    />
  );
  return (
    <div className={classes.layout} style={style}>
      {phone ? (
        <Drawer
          opened={drawerOpened}
          onClose={() => setDrawerOpened(false)}
          size={SIDE_MENU_WIDTH + 40}
          title={t(`shell.title.${area}`)}
          closeButtonProps={{ 'aria-label': t('shell.closeMenu') }}
          classNames={{ header: classes.drawerHeader, body: classes.drawerBody, content: classes.drawerContent }}
        >
          {sideMenu(true)}
        </Drawer>
      ) : (
        sideMenu(false)
      )}
      <div className={classes.body}>
        <TopBar
          area={area}
          modules={items}
          activeModule={activeModule}
          onSelectModule={selectModule}
          linkOf={linkOf}
          onOpen={open}
          phone={phone}
          collapsed={phone ? !drawerOpened : collapsed}
          onToggle={() => (phone ? setDrawerOpened((value) => !value) : setCollapsed((value) => !value))}
        />
        <MainArea />
      </div>
    </div>
  );
}
