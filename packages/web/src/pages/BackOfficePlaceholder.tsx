import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Stands in for back-office pages that a later release builds (dashboards, config forms, ...). */
export default function BackOfficePlaceholder() {
  const { t } = useTranslation();
  return <Alert color="blue">{t('common.comingSoon')}</Alert>;
}
