import { Anchor, Badge, Burger, Button, Group, Text } from '@mantine/core';
import { IconLanguage, IconShoppingCart } from '@tabler/icons-react';
import clsx from 'clsx';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useRouteLoaderData } from 'react-router-dom';
import logoUrl from '../assets/logo.svg';
import { logout } from '../auth/authService';
import { useIsLoggedIn, useSessionUser } from '../auth/useSession';
import { STOREFRONT_WIDTH } from '../config';
import type { RootLoaderData } from '../router';
import { currentLanguage } from '../i18n';
import { deferredChunk } from '../utils/deferredChunk';
import { useCartCount } from './cartCount';
import { useCommonData } from './commonStore';
import classes from './HomeLayout.module.css';
import { NAV_LINKS } from './navLinks';
import { SearchBox } from './SearchBox';
import { FooterLinks } from './content/FooterLinks';

const LOGO_HEIGHT = 48;
const LOGO_MAX_WIDTH = 180;

const headerMenus = deferredChunk(() => import('./HeaderMenus'));

function TopBar({ language }: { language: ReactNode }) {
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
          {language}
        </Group>
      </div>
    </div>
  );
}

type MenuPart = 'language' | 'categories' | 'drawer';
type StandInHandlers = { onPointerEnter: () => void; onTouchStart: () => void; onFocus: () => void; onBlur: () => void };

/**
 * The header's menus and drawer (HeaderMenus.tsx) arrive when a shopper reaches for one (pointer over or focus on a
 * trigger fetches them, a click opens that part once they are there); until then each is stood in for by its own
 * trigger, drawn alike. No page load spends time or bandwidth on them.
 */
function useHeaderMenus() {
  const menus = headerMenus.useChunk();
  const [asked, setAsked] = useState<MenuPart | null>(null);
  // The stand-in the keyboard is on: the part replacing it takes the focus (else it falls to the page's body).
  const [focused, setFocused] = useState<MenuPart | null>(null);
  const ask = (part: MenuPart) => {
    setAsked(part);
    headerMenus.request();
  };
  /** A stand-in's handlers: reaching for it (pointer over, focus, touch) fetches the menus before the click. */
  const reachedFor = (part: MenuPart): StandInHandlers => ({
    onPointerEnter: headerMenus.request,
    onTouchStart: headerMenus.request,
    onFocus: () => {
      setFocused(part);
      headerMenus.request();
    },
    onBlur: () => setFocused((current) => (current === part ? null : current)),
  });
  const partProps = (part: MenuPart) => ({ defaultOpened: asked === part, focusOnMount: focused === part });
  return { menus, partProps, ask, reachedFor };
}

function LanguageStandIn({ onClick, reachedFor }: { onClick: () => void; reachedFor: StandInHandlers }) {
  const { t } = useTranslation();
  return (
    <Button variant="subtle" color="gray" size="compact-sm" leftSection={<IconLanguage size={14} />} onClick={onClick} {...reachedFor}>
      {t(`language.${currentLanguage()}`)}
    </Button>
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
  const { menus, partProps, ask, reachedFor } = useHeaderMenus();
  return (
    <div className={classes.page} style={style}>
      <TopBar
        language={
          menus ? <menus.LanguageSwitch {...partProps('language')} /> : <LanguageStandIn onClick={() => ask('language')} reachedFor={reachedFor('language')} />
        }
      />
      <header className={classes.header}>
        <div className={clsx(classes.width, classes.headerInner)}>
          {menus ? (
            <menus.CategoryDrawer {...partProps('drawer')} />
          ) : (
            <Burger opened={false} onClick={() => ask('drawer')} size="sm" aria-label={t('store.allCategories')} hiddenFrom="sm" {...reachedFor('drawer')} />
          )}
          {/* A box of fixed size whatever logo and name arrive (nothing beside it moves when they do). */}
          <Link to="/" className={classes.logo}>
            {site?.logo ? (
              <img src={site.logo} alt={site.web_name ?? 'logo'} width={LOGO_MAX_WIDTH} height={LOGO_HEIGHT} />
            ) : (
              // The site's name beside it names the link.
              <img src={logoUrl} alt="" width={LOGO_HEIGHT} height={LOGO_HEIGHT} />
            )}
            {!site?.logo && (
              <Text fw={700} size="xl" truncate className={classes.siteName} title={site?.web_name}>
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
            leftSection={<IconShoppingCart size={18} />}
            rightSection={<Badge size="sm" circle>{cartCount}</Badge>}
          >
            <span className={classes.cartLabel}>{t('store.cart')}</span>
          </Button>
        </div>
      </header>
      <nav className={classes.nav} aria-label={t('store.sections')}>
        <div className={clsx(classes.width, classes.navInner)}>
          {!isHome &&
            (menus ? (
              <menus.CategoryMenu {...partProps('categories')} />
            ) : (
              // A hover menu: the pointer that fetched it is over it already, so it opens on arrival.
              <Button radius={0} h={40} onClick={() => ask('categories')} {...reachedFor('categories')} onPointerEnter={() => ask('categories')}>
                {t('store.allCategories')}
              </Button>
            ))}
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
        <div className={classes.width}>
          <FooterLinks />
        </div>
        <Group className={classes.width} justify="space-between" mt="md">
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
