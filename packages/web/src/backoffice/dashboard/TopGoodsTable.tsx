import type { GoodsRank } from '@qshop/shared/schemas/dashboard';
import { Name, Picture, RankingTable } from './RankingTable';
import { useDashboardText } from './useDashboardText';

/** The best-selling goods: picture and name, units sold, sales. */
export function TopGoodsTable({ goods }: { goods: GoodsRank[] }) {
  const { td, money } = useDashboardText();
  return (
    <RankingTable
      rows={goods}
      rowKey={(row) => row.goods_id}
      rankTitle={td('goods.rank')}
      empty={td('noSales')}
      columns={[
        { title: td('goods.picture'), cell: (row) => <Picture src={row.goods_image} name={row.goods_name} />, width: 72 },
        { title: td('goods.name'), cell: (row) => <Name name={row.goods_name} /> },
        { title: td('goods.sold'), cell: (row) => row.sold, numeric: true },
        { title: td('goods.sales'), cell: (row) => money(row.sales), numeric: true },
      ]}
    />
  );
}
