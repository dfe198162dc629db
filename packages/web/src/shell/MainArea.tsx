import { Divider, Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useOutlet } from 'react-router-dom';
import { currentLanguage } from '../i18n';
import { useRouteHandle } from '../router/handle';
import classes from './BackOfficeLayout.module.css';
import { menuLabel } from '../menu/menuLabel';

/** Title (current menu name) and divider over the routed page, which fades in on each route. */
export function MainArea() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const handle = useRouteHandle();
  const title = handle.menu ? menuLabel(handle.menu, currentLanguage()) : t('shell.defaultTitle');
  const page = (
    <div key={pathname} className={classes.fade}>
      {outlet}
    </div>
  );
  if (handle.framed === false) return <main className={classes.main}>{page}</main>;
  return (
    <main className={classes.main}>
      <Paper withBorder p="md">
        {handle.showTitle !== false && (
          <>
            <Title order={4}>{title}</Title>
            <Divider my="sm" />
          </>
        )}
        {page}
      </Paper>
    </main>
  );
}
