import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../resource/cells/values';
import '../../i18n/backoffice';

/** The dashboards' texts (`dashboard.*`), money as they show it, and the language numbers are formatted in. */
export function useDashboardText() {
  const { t: td, i18n } = useTranslation(undefined, { keyPrefix: 'dashboard' });
  const money = (value: string) => td('money', { money: formatMoney(value) });
  return { td, money, language: i18n.resolvedLanguage ?? i18n.language };
}
