// /store/join: the entry of the store application (login required by the route guard). A shopper who has applied
// goes on to the step of the application's state (wizard.ts); a sub-account sees the server's refusal.
import { Button, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { WizardFrame } from './WizardFrame';
import { wizardPath } from './wizard';

export default function JoinPage() {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  return (
    <WizardFrame page="join">
      {() => (
        <Stack gap="md" align="flex-start">
          <Text>{tc('join.intro')}</Text>
          <Text fw={600}>{tc('join.prepare')}</Text>
          <List size="sm">
            <List.Item>{tc('join.prepareLicence')}</List.Item>
            <List.Item>{tc('join.prepareIdCard')}</List.Item>
            <List.Item>{tc('join.prepareContact')}</List.Item>
            <List.Item>{tc('join.prepareClasses')}</List.Item>
          </List>
          <Button component={Link} to={wizardPath('step_1')}>
            {tc('join.start')}
          </Button>
        </Stack>
      )}
    </WizardFrame>
  );
}
