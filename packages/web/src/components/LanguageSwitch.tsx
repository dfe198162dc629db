import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../config';
import { currentLanguage, setLanguage } from '../i18n';

/** `defaultOpened`: shown open at once (the storefront header mounts it when its stand-in is clicked, HomeLayout). */
export function LanguageSwitch({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <Button variant="subtle" color="gray" size="compact-sm" leftSection={<IconLanguage size={14} />}>
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
