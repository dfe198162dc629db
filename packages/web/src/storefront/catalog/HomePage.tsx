// The storefront home (/): category panel, ad slides and the account box, entries to the promotions, the banner ads,
// recommended goods and one floor per top category (GET /api/home). It is the first page most visitors load:
// no back-office module may be imported here (scripts/check-chunks.mjs).
import { Anchor, Avatar, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBolt, IconCoins, IconUsersGroup, type Icon } from '@tabler/icons-react';
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIsLoggedIn, useSessionUser } from '../../auth/useSession';
import { encodeParams } from '../../utils/base64Params';
import { useCommonData } from '../commonStore';
import type { GoodsClass } from '../types';
import { AdLink, adText } from './AdLink';
import { SizedImage } from '../../components/SizedImage';
import { GoodsGrid } from './GoodsCard';
import { LoadFailed } from './LoadStates';
import { GoodsGridSkeleton } from './Skeletons';
import classes from './home.module.css';
import { WhenNear } from '../../components/WhenNear';
import type { Ad, HomeFloor } from './types';
import { useLoad } from './useLoad';
import { HOME_SLIDE_SIZES } from '@qshop/shared/pagePictures';
import { handOverFirstPicture, useHandOverFirstPicture } from '../firstPicture';
import { homeRead } from './reads';

const SLIDE_INTERVAL_MS = 5000;

/** Search addresses in the format of searchParams.ts (kept out of this chunk: it brings the shared schemas). */
const searchLink = (params: Record<string, unknown>) => `/s/${encodeParams(params)}`;

/** A top category; its sub-categories show beside the panel while it is hovered or focused (drawn by CSS, rendered only
 *  then: no positioning library in the home page's first render). */
function CategoryEntry({ item }: { item: GoodsClass }) {
  const [open, setOpen] = useState(false);
  const link = (
    <Link className={classes.category} to={searchLink({ class_id: item.id })}>
      {item.name}
    </Link>
  );
  if (!item.children?.length) return link;
  return (
    <div
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      {link}
      {open && (
        <div className={classes.categoryPanel}>
          {item.children.map((child) => (
            <div key={child.id} className={classes.categoryRow}>
              <Link to={searchLink({ class_id: child.id })} className={classes.categoryChild}>
                {child.name}
              </Link>
              <div className={classes.categoryLeaves}>
                {child.children?.map((leaf) => (
                  <Link key={leaf.id} to={searchLink({ class_id: leaf.id })} className={classes.categoryLeaf}>
                    {leaf.name}
                  </Link>
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** A slide's headline and the line under it, over the left of the picture on a dark scrim (home.module.css). */
function SlideText({ text }: { text: NonNullable<ReturnType<typeof adText>> }) {
  return (
    <span className={classes.slideText} lang={text.lang}>
      <span className={classes.slideTitle}>{text.title}</span>
      {/* a space between the two in the link's name (the flex layout does not draw it) */}
      {text.subtitle && <> <span className={classes.slideSubtitle}>{text.subtitle}</span></>}
    </span>
  );
}

function Slides({ slides }: { slides: Ad[] | undefined }) {
  const { t, i18n } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const site = useCommonData()?.common;
  const [current, setCurrent] = useState(0);
  const count = slides?.length ?? 0;
  useHandOverFirstPicture(count === 0 && slides !== undefined);
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setCurrent((n) => (n + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count]);

  if (!slides) return <Skeleton h="100%" radius={0} className={classes.slides} />;
  if (!slides.length)
    return (
      <div className={classes.slides}>
        <div className={classes.tagline}>
          <Title order={2}>{site?.index_name || site?.web_name}</Title>
          <Text mt="sm">{site?.description || t('store.tagline')}</Text>
        </div>
      </div>
    );
  return (
    <div className={classes.slides} aria-roledescription="carousel" aria-label={tc('home.slides')}>
      {slides.map((slide, index) => {
        const text = adText(slide, i18n.resolvedLanguage ?? '');
        return (
          <AdLink key={slide.id} ad={slide} className={clsx(classes.slide, index === current % count && classes.slideActive)}>
            {/* The first slide is the page's largest picture (also preloaded by the route, reads.ts). With a headline
                the picture is decoration: the headline names the link. */}
            <SizedImage
              src={slide.image}
              alt={text ? '' : slide.name}
              sizes={HOME_SLIDE_SIZES}
              width={760}
              height={400}
              {...(index === 0 ? { fetchPriority: 'high', onLoad: handOverFirstPicture, onError: handOverFirstPicture } : { loading: 'lazy' })}
            />
            {text && <SlideText text={text} />}
          </AdLink>
        );
      })}
      {count > 1 && (
        <div className={classes.slideDots}>
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              className={clsx(classes.slideDot, index === current % count && classes.slideDotActive)}
              aria-label={tc('home.slideN', { n: index + 1 })}
              aria-current={index === current % count}
              onClick={() => setCurrent(index)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function AccountBox() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn('user');
  const user = useSessionUser('user');
  return (
    <Paper p="md" withBorder>
      <Stack align="center" gap="sm">
        <Avatar src={user?.avatar || null} alt="" size={64} radius="xl" />
        <Text size="sm">{loggedIn ? t('store.hello', { name: user?.nickname || user?.username || '-' }) : t('store.helloGuest')}</Text>
        {loggedIn ? (
          <Button component={Link} to="/user" variant="light" fullWidth>
            {t('route.userHome')}
          </Button>
        ) : (
          <Group grow w="100%">
            <Button component={Link} to="/login">
              {t('auth.login')}
            </Button>
            <Button component={Link} to="/register" variant="outline">
              {t('auth.register')}
            </Button>
          </Group>
        )}
        <Anchor component={Link} to="/store/join" size="sm">
          {t('store.openStore')}
        </Anchor>
        <Anchor component={Link} to="/stores" size="sm">
          {t('store.nav.stores')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

const ENTRIES: { to: string; labelKey: string; hintKey: string; icon: Icon; color: string }[] = [
  { to: '/seckills', labelKey: 'store.nav.seckills', hintKey: 'home.seckillsHint', icon: IconBolt, color: 'var(--mantine-color-red-9)' },
  { to: '/collectives', labelKey: 'store.nav.collectives', hintKey: 'home.collectivesHint', icon: IconUsersGroup, color: '#b8400c' },
  { to: '/integral', labelKey: 'store.nav.integral', hintKey: 'home.integralHint', icon: IconCoins, color: 'var(--mantine-color-grape-9)' },
];

function Entries() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {ENTRIES.map((entry) => (
        <Link key={entry.to} to={entry.to} className={classes.entry} style={{ background: entry.color }}>
          <entry.icon size={36} />
          <div>
            <Text fw={700} size="lg">
              {t(entry.labelKey)}
            </Text>
            <Text size="sm">{tc(entry.hintKey)}</Text>
          </div>
        </Link>
      ))}
    </SimpleGrid>
  );
}

/** About the height of a floor (its head and a row of cards): what a floor not yet drawn takes on the page. */
const FLOOR_HEIGHT = 420;
/** About the height of the brands strip. */
const BRANDS_HEIGHT = 180;

function Floor({ floor, index }: { floor: HomeFloor; index: number }) {
  return (
    <section aria-label={floor.name}>
      <div className={classes.floorHead}>
        <Title order={3}>
          {index + 1}F {floor.name}
        </Title>
        <Group gap="sm" visibleFrom="sm">
          {floor.children.map((child) => (
            <Anchor key={child.id} component={Link} to={searchLink({ class_id: child.id })} size="sm" c="dimmed">
              {child.name}
            </Anchor>
          ))}
        </Group>
        <Anchor component={Link} to={searchLink({ class_id: floor.id })} size="sm" ml="auto">
          {`${floor.name} >`}
        </Anchor>
      </div>
      <GoodsGrid goods={floor.goods} cols={4} />
    </section>
  );
}

export default function HomePage() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const { t } = useTranslation();
  const common = useCommonData();
  const read = homeRead();
  const home = useLoad(read.key, read.load);
  const data = home.data;
  const brands = common?.brands ?? [];
  return (
    <Stack gap="lg">
      <div className={classes.hero}>
        <nav className={classes.categories} aria-label={t('store.allCategories')}>
          {(common?.classes ?? []).map((item) => (
            <CategoryEntry key={item.id} item={item} />
          ))}
        </nav>
        <Slides slides={data ? (data.slides ?? []) : home.failed ? [] : undefined} />
        <div className={classes.account}>
          <AccountBox />
        </div>
      </div>
      <Entries />
      {home.failed && <LoadFailed onRetry={home.reload} />}
      {data?.banners?.map((banner) => (
        <AdLink key={banner.id} ad={banner} className={classes.banner}>
          <SizedImage src={banner.image} alt={banner.name} sizes="(max-width: 1200px) 100vw, 1200px" width={1200} height={200} />
        </AdLink>
      ))}
      {home.loading && !data && <GoodsGridSkeleton count={10} cols={5} />}
      {!!data?.recommended?.length && (
        <section aria-label={tc('home.recommended')}>
          <div className={classes.floorHead}>
            <Title order={3}>{tc('home.recommended')}</Title>
          </div>
          <GoodsGrid goods={data.recommended} cols={5} />
        </section>
      )}
      {data?.floors?.map((floor, index) => (
        <WhenNear key={floor.id} minHeight={FLOOR_HEIGHT}>
          <Floor floor={floor} index={index} />
        </WhenNear>
      ))}
      {brands.length > 0 && (
        <WhenNear minHeight={BRANDS_HEIGHT}>
          <section aria-label={t('store.brands')}>
            <div className={classes.floorHead}>
              <Title order={3}>{t('store.brands')}</Title>
            </div>
            <SimpleGrid cols={{ base: 3, sm: 4, md: 8 }} spacing="xs">
              {brands.map((brand) => (
                <Button key={brand.id} component={Link} to={searchLink({ brand_id: brand.id })} variant="default" h={56} title={brand.name}>
                  {brand.thumb ? <SizedImage src={brand.thumb} alt={brand.name} sizes="120px" width={120} height={40} style={{ maxHeight: 40, maxWidth: '100%', width: 'auto', height: 'auto' }} /> : brand.name}
                </Button>
              ))}
            </SimpleGrid>
          </section>
        </WhenNear>
      )}
    </Stack>
  );
}
