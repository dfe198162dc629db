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

export default function BackOfficeLayout() {
  useTranslation(); // re-render menu labels when the language changes
  const { pathname } = useLocation();
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
  return (
    <div className={classes.layout} style={style}>
      <SideMenu area={area} collapsed={collapsed} module={items[activeModule]} pathname={pathname} linkOf={linkOf} onOpen={open} />
      <div className={classes.body}>
        <TopBar
          area={area}
          modules={items}
          activeModule={activeModule}
          onSelectModule={selectModule}
          linkOf={linkOf}
          onOpen={open}
          collapsed={collapsed}
          onToggle={() => setCollapsed((value) => !value)}
        />
        <MainArea />
      </div>
    </div>
  );
}
