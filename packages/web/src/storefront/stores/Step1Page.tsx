// /store/step_1: the agreement. Accepting it opens the application (POST /api/store/join) and goes on to the data.
import { Button, Checkbox, Group, ScrollArea, Stack, Text, TypographyStylesProvider } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { PageLoader } from '../../components/PageLoader';
import { richTextHtml } from '../../resource/richText';
import { EmptyState } from '../catalog/LoadStates';
import { safeHtml } from '../catalog/safeHtml';
import { useLoad } from '../catalog/useLoad';
import type { Application } from './application';
import { WizardFrame } from './WizardFrame';
import { wizardPath } from './wizard';

/** The agreement shown to applicants: the seed has one agreement (ename 'agreement'), no store-specific one. */
export const STORE_AGREEMENT = 'agreement';

function Agreement({ app }: { app: Application | null }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const navigate = useNavigate();
  const agreement = useLoad(STORE_AGREEMENT, () => api.get<{ name?: string; content?: string }>(`/agreements/${STORE_AGREEMENT}`));
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const next = async () => {
    if (!accepted) {
      setError(tc('join.agreementFirst'));
      return;
    }
    setBusy(true);
    try {
      if (!app) await api.post('/store/join');
      void navigate(wizardPath('step_2'));
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  };

  const html = safeHtml(richTextHtml(agreement.data?.content));
  return (
    <Stack gap="md">
      <Text fw={600}>{agreement.data?.name || tc('join.agreement')}</Text>
      <ScrollArea h={360} type="auto" style={{ border: '1px solid var(--mantine-color-gray-3)' }} p="md">
        {agreement.loading && !agreement.data ? (
          <PageLoader />
        ) : html ? (
          <TypographyStylesProvider>
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </TypographyStylesProvider>
        ) : (
          <EmptyState message={tc('join.agreementMissing')} />
        )}
      </ScrollArea>
      <Checkbox
        checked={accepted}
        onChange={(event) => {
          setAccepted(event.currentTarget.checked);
          setError(null);
        }}
        label={tc('join.accept')}
        error={error}
      />
      <Group>
        <Button onClick={() => void next()} loading={busy}>
          {tc('join.next')}
        </Button>
      </Group>
    </Stack>
  );
}

export default function Step1Page() {
  return <WizardFrame page="step_1">{(app) => <Agreement app={app} />}</WizardFrame>;
}
