import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { areaFromPath, type BackOfficeArea } from '../auth/areas';
import { useSessionUser } from '../auth/useSession';
import { useMenus } from '../menu/menuStore';
import { findTarget } from './menuTarget';

/** /Admin and /Seller: go to the user's default page, else the menu's first page. */
export default function BackOfficeHome() {
  const { t } = useTranslation();
  const area = areaFromPath(useLocation().pathname) as BackOfficeArea;
  const user = useSessionUser(area);
  const { items, paths } = useMenus(area);
  const candidates = [user?.defaultUrl, ...items.map((item) => findTarget(item)?.apis)];
  const target = candidates.find((path): path is string => Boolean(path && paths.has(path)));
  if (target) return <Navigate to={target} replace />;
  return <Alert color="gray">{t('shell.emptyMenu')}</Alert>;
}
