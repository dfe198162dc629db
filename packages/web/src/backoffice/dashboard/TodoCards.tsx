import { Link } from 'react-router-dom';
import { Card, SimpleGrid, Text } from '@mantine/core';
import classes from './dashboard.module.css';
import { useDashboardText } from './useDashboardText';

/** The to-do counts, each a link to the page that handles it; a count waiting for someone stands out. */
export function TodoCards({ todo, links }: { todo: Record<string, number>; links: Record<string, string> }) {
  const { td } = useDashboardText();
  const items = Object.entries(links);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, xl: items.length }} spacing="sm">
      {items.map(([item, href]) => {
        const count = todo[item] ?? 0;
        return (
          <Card key={item} component={Link} to={href} withBorder padding="sm" className={classes.todo}>
            <Text size="sm" c="dimmed">
              {td(`todo.${item}`)}
            </Text>
            <Text fz={22} fw={700} c={count > 0 ? 'orange.7' : 'dimmed'}>
              {count}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
