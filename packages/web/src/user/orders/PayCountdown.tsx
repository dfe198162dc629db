// The time left to pay an unpaid order, ticking each second; once the deadline has passed it says the order is about
// to be cancelled (the server cancels it) and tells the page, which reads the order again.
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatTimeLeft, timeLeft } from './orderModel';

export function PayCountdown({ deadline, running, passed, onPassed }: {
  deadline: string;
  /** the text around the time, e.g. t('…countdown', { time }) */
  running: (time: string) => string;
  passed: string;
  onPassed?: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  const left = timeLeft(deadline, now);
  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left === null]);
  useEffect(() => {
    if (!left) onPassed?.();
  }, [left === null]);
  return (
    <Text size="sm" c={left ? '#b8400c' : 'red.9'} data-testid="pay-countdown">
      {left ? running(formatTimeLeft(left)) : passed}
    </Text>
  );
}
