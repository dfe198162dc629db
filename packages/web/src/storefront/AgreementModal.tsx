import { Modal, ScrollArea, TypographyStylesProvider } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { PageLoader } from '../components/PageLoader';
import { richTextHtml } from '../resource/richText';
import { safeHtml } from './catalog/safeHtml';

interface Agreement {
  name?: string;
  content?: string;
}

/** The registration agreement (GET /api/agreements/agreement); its html is written by administrators. */
export function AgreementModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [agreement, setAgreement] = useState<Agreement | null>(null);

  useEffect(() => {
    if (!opened || agreement) return;
    api.get<Agreement>('/agreements/agreement').then(setAgreement, () => setAgreement({}));
  }, [opened, agreement]);

  return (
    <Modal opened={opened} onClose={onClose} title={agreement?.name || t('auth.agreement')} size="lg">
      {agreement ? (
        <ScrollArea.Autosize mah="60vh">
          <TypographyStylesProvider>
            <div dangerouslySetInnerHTML={{ __html: safeHtml(richTextHtml(agreement.content)) || t('common.empty') }} />
          </TypographyStylesProvider>
        </ScrollArea.Autosize>
      ) : (
        <PageLoader />
      )}
    </Modal>
  );
}
