// /order/success?order_id=…: the payment went through; on to the order paid (the list when several were) or back
// to the shop.
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paidOrdersPath } from './orderParams';

export default function OrderSuccessPage() {
  const { t: to } = useTranslation(undefined, { keyPrefix: 'orders' });
  const { search } = useLocation();
  return (
    <Center mih={320}>
      <Stack align="center" gap="sm" p="md">
        <IconCircleCheck size={64} color="var(--mantine-color-green-6)" />
        <Title order={3}>{to('success.title')}</Title>
        <Text c="dimmed" ta="center">
          {to('success.message')}
        </Text>
        <Group gap="sm" justify="center">
          <Button component={Link} to={paidOrdersPath(search)}>
            {to('success.viewOrders')}
          </Button>
          <Button component={Link} to="/" variant="default">
            {to('success.continue')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
