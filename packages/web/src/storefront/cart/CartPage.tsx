// /carts: the shopper's cart by store (GET /api/user/carts). Lines are selected per line, per store or all at once;
// quantities are saved as they change (PUT /api/user/carts/{id}); lines that cannot be bought as they are show why,
// greyed, and can only be removed (DELETE /api/user/carts/{ids}, after a confirmation). "Check out" opens the
// confirmation page with the selected lines (ifcart 1). The header's count follows every change.
import { Anchor, Button, Checkbox, Group, LoadingOverlay, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBuildingStore, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { CartDelete, CartLine, CartStore, CartWrite } from '@qshop/shared/schemas/cart';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../utils/notify';
import { setCartCount } from '../cartCount';
import { SizedAvatar } from '../../components/SizedImage';
import { GoodsLineImage, GoodsLineName } from '../catalog/GoodsLineParts';
import { yuan } from '../catalog/format';
import { EmptyState, LoadFailed } from '../catalog/LoadStates';
import { useLoad } from '../catalog/useLoad';
import { orderBeforePath } from '../checkoutPath';
import {
  checkedOf, checkoutLines, isSelectable, keepSelection, selectedLines, selectionTotal, toggleLines, withoutLines, withQuantity,
  type Checked, type Selection,
} from './cartModel';
import classes from './cart.module.css';
import { QuantityStepper } from './QuantityStepper';

const IMAGE_SIZE = 64;

/** The checkbox of a group of lines: checked when all its selectable lines are, mixed when some are. */
function GroupCheckbox({ lines, selection, label, labelHidden, onChange }: {
  lines: readonly CartLine[];
  selection: Selection;
  label: string;
  /** named for assistive technology only (the group's name is shown beside it) */
  labelHidden?: boolean;
  onChange: (next: Selection) => void;
}) {
  const checked: Checked = checkedOf(lines, selection);
  return (
    <Checkbox
      {...(labelHidden ? { 'aria-label': label } : { label })}
      checked={checked === true}
      indeterminate={checked === 'some'}
      disabled={!lines.some(isSelectable)}
      onChange={(event) => onChange(toggleLines(selection, lines, event.currentTarget.checked))}
    />
  );
}

function confirmRemove(title: string, message: string, labels: { confirm: string; cancel: string }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{message}</Text>,
      labels,
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onClose: () => resolve(false),
    });
  });
}

function LineRow({ line, selected, busy, onSelect, onQuantity, onRemove }: {
  line: CartLine;
  selected: boolean;
  busy: boolean;
  onSelect: (on: boolean) => void;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { t: ts } = useTranslation(undefined, { keyPrefix: 'shopper' });
  const flagged = !isSelectable(line);
  // A short line can still be lowered to the stock; off-shelf and SKU-less lines can only be removed.
  const adjustable = line.state === 'ok' || line.state === 'short_stock';
  return (
    <Table.Tr data-testid="cart-line" data-state={line.state} className={classes.line} style={flagged ? { opacity: 0.55 } : undefined}>
      <Table.Td className={classes.check}>
        <Checkbox aria-label={ts('cart.selectLine', { name: line.goods_name })} checked={selected} disabled={flagged} onChange={(event) => onSelect(event.currentTarget.checked)} />
      </Table.Td>
      <Table.Td className={classes.goods}>
        <Group wrap="nowrap" gap="sm">
          <GoodsLineImage line={line} size={IMAGE_SIZE} />
          <GoodsLineName line={line}>
            {flagged && (
              <Text size="xs" c="red.9" fw={600}>
                {ts(`cart.state.${line.state}`, { stock: line.stock })}
              </Text>
            )}
          </GoodsLineName>
        </Group>
      </Table.Td>
      <Table.Td className={classes.price}>{yuan(line.goods_price)}</Table.Td>
      <Table.Td className={classes.quantity}>
        <Stack gap={2}>
          <QuantityStepper
            value={line.buy_num}
            max={line.stock}
            label={ts('cart.quantityOf', { name: line.goods_name })}
            disabled={busy || !adjustable}
            onCommit={onQuantity}
          />
          {adjustable && (
            <Text size="xs" c="dimmed">
              {ts('cart.stockLeft', { count: line.stock })}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td className={classes.total}>
        <Text c="red.9" fw={600} size="sm" data-testid="line-total">
          {yuan(line.line_total)}
        </Text>
      </Table.Td>
      <Table.Td className={classes.remove}>
        <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconTrash size={14} />} aria-label={ts('cart.removeLine', { name: line.goods_name })} onClick={onRemove}>
          {ts('cart.remove')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export default function CartPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation(undefined, { keyPrefix: 'shopper' });
  const navigate = useNavigate();
  const cart = useLoad('cart', () => api.get<CartStore[]>('/user/carts'));
  const [stores, setStores] = useState<CartStore[] | null>(null);
  const [selection, setSelection] = useState<Selection>(new Set());
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    const loaded = cart.data;
    if (!loaded) return;
    setSelection((current) => keepSelection(current, stores ?? undefined, loaded));
    setStores(loaded);
    setCartCount(loaded.reduce((n, s) => n + s.lines.length, 0));
    // Only a new answer replaces what the page shows.
  }, [cart.data]);

  if (!stores) return cart.failed ? <LoadFailed onRetry={cart.reload} /> : <LoadingOverlay visible />;

  const everything = stores.flatMap((s) => s.lines);
  const chosen = selectedLines(stores, selection);

  const changeQuantity = async (line: CartLine, quantity: number) => {
    setBusy(line.id);
    try {
      const answer = await api.put<CartWrite>(`/user/carts/${line.id}`, { buy_num: quantity });
      setStores((current) => withQuantity(current ?? [], line.id, quantity));
      setCartCount(answer.cart_count);
    } catch {
      // The client has shown the refusal; the cart is read again (stock and states may have changed).
      cart.reload();
    } finally {
      setBusy(null);
    }
  };

  const remove = async (ids: number[]) => {
    if (!ids.length) {
      notifyError(t('msg.selectErr'));
      return;
    }
    const confirmed = await confirmRemove(ts('cart.removeTitle'), ts('cart.removeMessage', { count: ids.length }), {
      confirm: t('common.confirm'),
      cancel: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      const answer = await api.del<CartDelete>(`/user/carts/${ids.join(',')}`);
      setStores((current) => withoutLines(current ?? [], ids));
      setSelection((current) => new Set([...current].filter((id) => !ids.includes(id))));
      setCartCount(answer.cart_count);
      notifySuccess(ts('cart.removed'));
    } catch {
      cart.reload();
    }
  };

  const checkout = () => {
    const lines = checkoutLines(stores, selection);
    if (!lines.length) {
      notifyError(t('msg.cartEmpty'));
      return;
    }
    void navigate(orderBeforePath(lines, 1));
  };

  if (!everything.length)
    return (
      <Paper withBorder p="md">
        <Title order={4}>{t('route.carts')}</Title>
        <EmptyState message={ts('cart.empty')}>
          <Anchor component={Link} to="/s" size="sm">
            {ts('cart.browse')}
          </Anchor>
        </EmptyState>
      </Paper>
    );

  return (
    <Stack gap="md">
      <Title order={4}>{t('route.carts')}</Title>
      <Paper withBorder pos="relative">
        <LoadingOverlay visible={cart.loading} zIndex={10} overlayProps={{ blur: 1 }} />
        <Table verticalSpacing="sm" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.check} />
              <Table.Th>{ts('cart.goods')}</Table.Th>
              <Table.Th>{ts('cart.price')}</Table.Th>
              <Table.Th>{ts('cart.quantity')}</Table.Th>
              <Table.Th>{ts('cart.lineTotal')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          {stores.map((store) => (
            <Table.Tbody key={store.store_id} data-testid="cart-store" aria-label={store.store_name}>
              <Table.Tr bg="gray.0">
                <Table.Td>
                  <GroupCheckbox lines={store.lines} selection={selection} label={ts('cart.selectStore', { store: store.store_name })} labelHidden onChange={setSelection} />
                </Table.Td>
                <Table.Td colSpan={5}>
                  <Group gap="xs">
                    <SizedAvatar src={store.store_logo} alt="" size={24} radius="sm">
                      <IconBuildingStore size={14} />
                    </SizedAvatar>
                    <Anchor component={Link} to={`/store/${store.store_id}`} fw={600} size="sm">
                      {store.store_name}
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
              {store.lines.map((line) => (
                <LineRow
                  key={line.id}
                  line={line}
                  selected={selection.has(line.id)}
                  busy={busy === line.id}
                  onSelect={(on) => setSelection(toggleLines(selection, [line], on))}
                  onQuantity={(quantity) => void changeQuantity(line, quantity)}
                  onRemove={() => void remove([line.id])}
                />
              ))}
            </Table.Tbody>
          ))}
        </Table>
      </Paper>
      <Paper withBorder p="sm">
        <Group justify="space-between">
          <Group gap="md">
            <GroupCheckbox lines={everything} selection={selection} label={ts('cart.selectAll')} onChange={setSelection} />
            <Button variant="subtle" color="gray" size="compact-sm" onClick={() => void remove(chosen.map((l) => l.id))}>
              {ts('cart.removeSelected')}
            </Button>
          </Group>
          <Group gap="lg">
            <Text size="sm" data-testid="cart-selected">
              {ts('cart.selected', { count: chosen.length })}
            </Text>
            <Group gap={4} align="baseline">
              <Text size="sm">{ts('cart.total')}</Text>
              <Text c="red.9" fw={700} fz="xl" data-testid="cart-total">
                {yuan(selectionTotal(stores, selection))}
              </Text>
            </Group>
            <Button color="red" size="md" onClick={checkout}>
              {ts('cart.checkout')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
