import { Anchor, Badge, Burger, Button, Drawer, Group, Menu, NavLink as MenuLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShoppingCart } from '@tabler/icons-react';
import clsx from 'clsx';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation, useRouteLoaderData } from 'react-router-dom';
import logoUrl from '../assets/logo.svg';
import { logout } from '../auth/authService';
import { useIsLoggedIn, useSessionUser } from '../auth/useSession';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { STOREFRONT_WIDTH } from '../config';
import type { RootLoaderData } from '../router';
import { encodeParams } from '../utils/base64Params';
import { useCartCount } from './cartCount';
import { useCommonData } from './commonStore';
import classes from './HomeLayout.module.css';
import { SearchBox } from './SearchBox';

const LOGO_HEIGHT = 48;
const LOGO_MAX_WIDTH = 180;

const NAV_LINKS = [
  { to: '/', labelKey: 'store.nav.home', end: true },
  { to: '/stores', labelKey: 'store.nav.stores' },
  { to: '/integral', labelKey: 'store.nav.integral' },
  { to: '/seckills', labelKey: 'store.nav.seckills' },
  { to: '/collectives', labelKey: 'store.nav.collectives' },
];

function TopBar() {
  const { t } = useTranslation();
  const user = useSessionUser('user');
  const loggedIn = useIsLoggedIn('user');
  const site = useCommonData()?.common;
  return (
    <div className={classes.topBar}>
      <div className={clsx(classes.width, classes.topBarInner)}>
        <Group gap="sm">
          <Text size="xs" visibleFrom="sm">
            {t('store.welcome', { name: site?.web_name ?? '' })}
          </Text>
          {loggedIn ? (
            <>
              <Anchor component={Link} to="/user" size="xs">
                {user?.nickname || user?.username || '-'}
              </Anchor>
              <Anchor component="button" size="xs" c="dimmed" onClick={() => void logout('user')}>
                {t('auth.logout')}
              </Anchor>
            </>
          ) : (
            <>
              <Anchor component={Link} to="/login" size="xs">
                {t('auth.login')}
              </Anchor>
              <Anchor component={Link} to="/register" size="xs" c="dimmed">
                {t('auth.register')}
              </Anchor>
            </>
          )}
        </Group>
        <Group gap="md">
          <Anchor component={Link} to="/user/orders" size="xs" c="dimmed" visibleFrom="sm">
            {t('route.orders')}
          </Anchor>
          <Anchor component={Link} to="/user" size="xs" c="dimmed">
            {t('route.userHome')}
          </Anchor>
          <Anchor component={Link} to="/Seller/login" size="xs" c="dimmed" visibleFrom="sm">
            {t('store.sellerCentre')}
          </Anchor>
          <LanguageSwitch />
        </Group>
      </div>
    </div>
  );
}

function CategoryMenu() {
  const { t } = useTranslation();
  const classesTree = useCommonData()?.classes ?? [];
  return (
    <Menu trigger="hover" position="bottom-start" width={200}>
      <Menu.Target>
        <Button radius={0} h={40}>
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
function CategoryDrawer() {
  const { t } = useTranslation();
  const classesTree = useCommonData()?.classes ?? [];
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname, search } = useLocation();
  useEffect(close, [pathname, search, close]);
  const searchLink = (id: number) => `/s/${encodeParams({ class_id: id })}`;
  return (
    <>
      <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('store.allCategories')} hiddenFrom="sm" />
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

export default function HomeLayout() {
  const { t } = useTranslation();
  const site = useCommonData()?.common;
  const loggedIn = useIsLoggedIn('user');
  const cartCount = useCartCount(loggedIn);
  // The home page shows the full category panel itself; other pages get it as a drop-down.
  const isHome = (useRouteLoaderData('root') as RootLoaderData | undefined)?.isHome ?? false;
  const style = { '--storefront-width': `${STOREFRONT_WIDTH}px` } as CSSProperties;
  return (
    <div className={classes.page} style={style}>
      <TopBar />
      <header className={classes.header}>
        <div className={clsx(classes.width, classes.headerInner)}>
          <CategoryDrawer />
          {/* A box of fixed size whatever logo and name arrive (nothing beside it moves when they do). */}
          <Link to="/" className={classes.logo}>
            {site?.logo ? (
              <img src={site.logo} alt={site.web_name ?? 'logo'} width={LOGO_MAX_WIDTH} height={LOGO_HEIGHT} />
            ) : (
              <img src={logoUrl} alt={site?.web_name ?? 'logo'} width={LOGO_HEIGHT} height={LOGO_HEIGHT} />
            )}
            {!site?.logo && (
              <Text fw={700} size="xl" truncate className={classes.siteName}>
                {site?.web_name}
              </Text>
            )}
          </Link>
          <SearchBox className={classes.search} />
          <Button
            component={Link}
            to="/carts"
            variant="outline"
            className={classes.cart}
            aria-label={t('store.cart')}
            leftSection={<IconShoppingCart size={18} />}
            rightSection={<Badge size="sm" circle>{cartCount}</Badge>}
          >
            <span className={classes.cartLabel}>{t('store.cart')}</span>
          </Button>
        </div>
      </header>
      <nav className={classes.nav} aria-label={t('store.sections')}>
        <div className={clsx(classes.width, classes.navInner)}>
          {!isHome && <CategoryMenu />}
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={({ isActive }) => clsx(classes.navLink, isActive && classes.navLinkActive)}
            >
              {t(link.labelKey)}
            </NavLink>
          ))}
        </div>
      </nav>
      <main className={clsx(classes.width, classes.main)}>
        <Outlet />
      </main>
      <footer className={classes.footer}>
        <Group className={classes.width} justify="space-between">
          <Text size="sm">
            © {new Date().getFullYear()} {site?.web_name}
          </Text>
          <Group gap="md">
            {site?.mobile && <Text size="sm">{t('store.phone', { phone: site.mobile })}</Text>}
            {site?.email && <Text size="sm">{site.email}</Text>}
            {site?.icp && <Text size="sm">{site.icp}</Text>}
          </Group>
        </Group>
      </footer>
    </div>
  );
}
