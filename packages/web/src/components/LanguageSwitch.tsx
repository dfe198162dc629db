import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../config';
import { currentLanguage, setLanguage } from '../i18n';
import { useFocusOnMount } from '../utils/focus';

/**
 * `defaultOpened`: shown open at once (the storefront header mounts it when its stand-in is clicked, HomeLayout);
 * `focusOnMount`: takes the focus when it mounts (its stand-in had it).
 */
export function LanguageSwitch({ defaultOpened = false, focusOnMount = false }: { defaultOpened?: boolean; focusOnMount?: boolean }) {
  const { t } = useTranslation();
  const trigger = useFocusOnMount<HTMLButtonElement>(focusOnMount);
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <Button ref={trigger} variant="subtle" color="gray" size="compact-sm" leftSection={<IconLanguage size={14} />}>
          {t(`language.${currentLanguage()}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item key={language} onClick={() => void setLanguage(language)}>
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
