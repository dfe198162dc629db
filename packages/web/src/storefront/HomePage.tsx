import { Anchor, Avatar, Button, Group, HoverCard, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIsLoggedIn, useSessionUser } from '../auth/useSession';
import { encodeParams } from '../utils/base64Params';
import { useCommonData } from './commonStore';
import classes from './HomePage.module.css';
import type { GoodsClass } from './types';

const searchLink = (params: Record<string, unknown>) => `/s/${encodeParams(params)}`;

function CategoryEntry({ item }: { item: GoodsClass }) {
  const link = (
    <Link className={classes.category} to={searchLink({ class_id: item.id, deep: 1 })}>
      {item.name}
    </Link>
  );
  if (!item.children?.length) return link;
  return (
    <HoverCard position="right-start" offset={0} width={520} shadow="md">
      <HoverCard.Target>{link}</HoverCard.Target>
      <HoverCard.Dropdown>
        <Stack gap="xs">
          {item.children.map((child) => (
            <Group key={child.id} gap="sm" align="flex-start" wrap="nowrap">
              <Anchor component={Link} to={searchLink({ class_id: child.id, deep: 2 })} fw={600} size="sm" miw={90}>
                {child.name}
              </Anchor>
              <Group gap="xs">
                {child.children?.map((leaf) => (
                  <Anchor key={leaf.id} component={Link} to={searchLink({ class_id: leaf.id })} size="sm" c="dimmed">
                    {leaf.name}
                  </Anchor>
                ))}
              </Group>
            </Group>
          ))}
        </Stack>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

function AccountBox() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn('user');
  const user = useSessionUser('user');
  return (
    <Paper p="md" withBorder>
      <Stack align="center" gap="sm">
        <Avatar src={user?.avatar || null} size={64} radius="xl" />
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
      </Stack>
    </Paper>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const common = useCommonData();
  const site = common?.common;
  const brands = common?.brands ?? [];
  return (
    <Stack gap="lg">
      <div className={classes.hero}>
        <nav className={classes.categories} aria-label={t('store.allCategories')}>
          {(common?.classes ?? []).map((item) => (
            <CategoryEntry key={item.id} item={item} />
          ))}
        </nav>
        <div className={classes.banner}>
          <Title order={2}>{site?.index_name || site?.web_name}</Title>
          <Text mt="sm">{site?.description || t('store.tagline')}</Text>
          <Group mt="lg">
            <Button component={Link} to="/seckills" variant="white" color="red">
              {t('store.nav.seckills')}
            </Button>
            <Button component={Link} to="/integral" variant="outline" color="white">
              {t('store.nav.integral')}
            </Button>
          </Group>
        </div>
        <AccountBox />
      </div>
      {brands.length > 0 && (
        <section>
          <Title order={4} mb="sm">
            {t('store.brands')}
          </Title>
          <SimpleGrid cols={8} spacing="xs">
            {brands.map((brand) => (
              <Link key={brand.id} to={searchLink({ brand_id: brand.id })} className={classes.brand} title={brand.name}>
                {brand.thumb ? <img src={brand.thumb} alt={brand.name} /> : <Text size="sm">{brand.name}</Text>}
              </Link>
            ))}
          </SimpleGrid>
        </section>
      )}
    </Stack>
  );
}
