import { Alert, Button, Paper, Stack, Stepper, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { api, ApiError } from '../../api/client';
import { PageLoader } from '../../components/PageLoader';
import { useLoad } from '../catalog/useLoad';
import type { Application } from './application';
import { redirectFor, stepIndex, wizardPath, type WizardPage } from './wizard';

/**
 * One page of the store application wizard: loads the shopper's application (GET /api/store), sends the shopper to
 * the page its state calls for, and shows the steps above the page. A refusal (e.g. a sub-account) shows the
 * server's message instead.
 */
export function WizardFrame({ page, children }: { page: WizardPage; children: (app: Application | null) => ReactNode }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const navigate = useNavigate();
  const load = useLoad(`application/${page}`, () => api.get<Application | null>('/store'));
  const ready = !load.loading && !load.failed && load.data !== undefined;
  const target = ready ? redirectFor(page, load.data ?? null) : null;
  useEffect(() => {
    if (target) void navigate(wizardPath(target), { replace: true });
  }, [target, navigate]);

  let body: ReactNode;
  if (load.failed) {
    const message = load.error instanceof ApiError && load.error.message ? load.error.message : tc('loadFailed');
    body = (
      <Alert color="red" title={tc('join.refused')}>
        <Stack gap="xs" align="flex-start">
          {message}
          <Button component={Link} to="/" size="xs" variant="light" color="red">
            {t('common.backHome')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!ready || target) {
    body = <PageLoader />;
  } else {
    body = children(load.data ?? null);
  }

  return (
    <Paper withBorder p="lg">
      <Stack gap="lg">
        <Title order={3}>{tc('join.title')}</Title>
        <Stepper active={stepIndex(page)} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label={tc('join.step1')} />
          <Stepper.Step label={tc('join.step2')} />
          <Stepper.Step label={tc('join.step3')} />
        </Stepper>
        {body}
      </Stack>
    </Paper>
  );
}
