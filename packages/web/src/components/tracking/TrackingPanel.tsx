// The tracking timeline of an order, loaded from `url` (the shopper's, the seller's or the admin's tracking route):
// carrier and number, the parcel's state, its events newest first. A timeline the demo driver invented says so.
// Not shipped yet, nothing is asked; loading, failure (with retry) and an empty timeline each have their state.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { Tracking } from '@qshop/shared/schemas/fulfilment';
import { api } from '../../api/client';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; tracking: Tracking };

const STATE_COLORS: Record<Tracking['state'], string> = {
  none: 'gray', collected: 'blue', in_transit: 'cyan', delivering: 'orange', signed: 'green', problem: 'red',
};

export function TrackingTimeline({ tracking }: { tracking: Tracking }) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'fulfil' });
  return (
    <Stack gap="sm" data-testid="tracking">
      <Group gap="xs" wrap="wrap">
        <IconTruckDelivery size={18} />
        <Text size="sm" fw={600} data-testid="tracking-carrier">
          {tracking.delivery_name || tracking.delivery_code} {tracking.delivery_no}
        </Text>
        <Badge color={STATE_COLORS[tracking.state]} variant="light" data-testid="tracking-state">
          {tf(`tracking.states.${tracking.state}`)}
        </Badge>
        {tracking.demo && (
          <Badge color="grape" variant="outline" data-testid="tracking-demo">
            {tf('tracking.demo')}
          </Badge>
        )}
      </Group>
      {tracking.demo && (
        <Text size="xs" c="dimmed">
          {tf('tracking.demoHint')}
        </Text>
      )}
      {tracking.events.length ? (
        <Timeline active={0} bulletSize={14} lineWidth={2}>
          {tracking.events.map((event, i) => (
            <Timeline.Item key={`${event.time}-${i}`} title={<Text size="sm">{event.text}</Text>} data-testid="tracking-event">
              <Text size="xs" c="dimmed">
                {event.time}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : (
        <Text size="sm" c="dimmed">
          {tf('tracking.empty')}
        </Text>
      )}
    </Stack>
  );
}

/** `shipped`: whether the order has left the store; before that the panel only says so. */
export function TrackingPanel({ url, shipped }: { url: string; shipped: boolean }) {
  const { t: tf } = useTranslation(undefined, { keyPrefix: 'fulfil' });
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!shipped) return;
    let live = true;
    setState({ status: 'loading' });
    api.get<Tracking>(url).then(
      (tracking) => live && setState({ status: 'ready', tracking }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [url, shipped, attempt]);

  if (!shipped)
    return (
      <Text size="sm" c="dimmed">
        {tf('tracking.notShipped')}
      </Text>
    );
  if (state.status === 'loading') return <Loader size="sm" aria-label={tf('loading')} />;
  if (state.status === 'failed')
    return (
      <Alert color="red" title={tf('tracking.failed')}>
        <Button variant="light" color="red" size="xs" onClick={() => setAttempt((n) => n + 1)}>
          {tf('retry')}
        </Button>
      </Alert>
    );
  return <TrackingTimeline tracking={state.tracking} />;
}
