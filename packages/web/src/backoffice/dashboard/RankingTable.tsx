import type { ReactNode } from 'react';
import { Avatar, Center, Stack, Table, Text } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';

export interface RankingColumn<Row> {
  title: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  width?: number;
}

const PICTURE_SIZE = 40;

/** A ranked item's picture, or a placeholder when it has none. */
export function Picture({ src, name }: { src: string; name: string }) {
  return <Avatar src={src || null} alt={name} size={PICTURE_SIZE} radius="sm" />;
}

/** A ranked item's name, kept to one line. */
export function Name({ name }: { name: string }) {
  return (
    <Text size="sm" lineClamp={1} title={name}>
      {name}
    </Text>
  );
}

/** A ranking: its rank first, then the columns; says `empty` when there is nothing to rank. */
export function RankingTable<Row>({ rows, rowKey, columns, rankTitle, empty }: { rows: Row[]; rowKey: (row: Row) => number; columns: RankingColumn<Row>[]; rankTitle: string; empty: string }) {
  if (rows.length === 0) {
    return (
      <Center mih={160}>
        <Stack align="center" gap={4}>
          <IconChartBarOff size={32} color="var(--mantine-color-gray-5)" />
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{rankTitle}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.title} w={column.width} ta={column.numeric ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {column.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row)}>
              <Table.Td>
                <Text size="sm" fw={index < 3 ? 700 : 400} c={index < 3 ? 'red.9' : 'dimmed'}>
                  {index + 1}
                </Text>
              </Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.title} ta={column.numeric ? 'right' : undefined} style={column.numeric ? { fontVariantNumeric: 'tabular-nums' } : undefined}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
