// /store/step_3: the review result of the application — filling in, verifying, denied (with the reason and the way
// back to the data) or passed (with the way to the seller centre).
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClock, IconEdit, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { STORE_VERIFY } from '@qshop/shared/schemas/catalog';
import type { Application } from './application';
import { WizardFrame } from './WizardFrame';
import { wizardPath } from './wizard';

function Result({ app }: { app: Application }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const name = app.store_name ? <Text size="sm">{tc('join.storeName', { name: app.store_name })}</Text> : null;
  switch (app.store_verify) {
    case STORE_VERIFY.VERIFYING:
      return (
        <Alert color="blue" icon={<IconClock />} title={tc('join.verifying')}>
          <Stack gap="xs">
            {name}
            <Text size="sm">{tc('join.verifyingHint')}</Text>
          </Stack>
        </Alert>
      );
    case STORE_VERIFY.DENIED:
      return (
        <Alert color="red" icon={<IconX />} title={tc('join.denied')}>
          <Stack gap="xs" align="flex-start">
            {name}
            <Text size="sm">{tc('join.deniedReason', { reason: app.store_refuse_info || '-' })}</Text>
            <Button component={Link} to={wizardPath('step_2')} size="xs" color="red" variant="light">
              {tc('join.editAgain')}
            </Button>
          </Stack>
        </Alert>
      );
    case STORE_VERIFY.PASSED:
      return (
        <Alert color="green" icon={<IconCircleCheck />} title={tc('join.passed')}>
          <Stack gap="xs" align="flex-start">
            {name}
            <Text size="sm">{tc('join.passedHint')}</Text>
            <Button component={Link} to="/Seller/login" size="xs" color="green">
              {tc('join.toSeller')}
            </Button>
          </Stack>
        </Alert>
      );
    default:
      return (
        <Alert color="gray" icon={<IconEdit />} title={tc('join.filling')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{tc('join.fillingHint')}</Text>
            <Button component={Link} to={wizardPath('step_2')} size="xs" variant="light">
              {tc('join.fillIn')}
            </Button>
          </Stack>
        </Alert>
      );
  }
}

export default function Step3Page() {
  return <WizardFrame page="step_3">{(app) => (app ? <Result app={app} /> : null)}</WizardFrame>;
}
