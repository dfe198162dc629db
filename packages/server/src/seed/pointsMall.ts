// Demo data of the points mall: two categories and a few on-shelf points goods (created with their stock, as demo rows
// are), only when the mall has no goods yet.
import type { FastifyInstance } from 'fastify'
import { demoUrl, writeDemoImages, type DemoImage } from './images.ts'
import type { Tally } from './tally.ts'

type DemoPointsGoods = { name: string; subname: string; price: number; market: string; stock: number; recommend: number; image: DemoImage }

const image = (file: string, icon: string, colors: [string, string]): DemoImage => ({ file, width: 800, height: 800, art: { icon, colors } })

const CLASSES: { name: string; goods: DemoPointsGoods[] }[] = [
  {
    name: '生活好物',
    goods: [
      { name: '保温杯 350ml', subname: '304 不锈钢，12 小时保温', price: 300, market: '59.00', stock: 50, recommend: 1, image: image('points-1.png', 'cup', ['#0b7285', '#66d9e8']) },
      { name: '晴雨两用折叠伞', subname: '防晒防紫外线', price: 450, market: '79.00', stock: 30, recommend: 1, image: image('points-2.png', 'umbrella', ['#5f3dc4', '#b197fc']) },
      { name: '挂耳咖啡 10 包', subname: '中深烘焙', price: 200, market: '39.90', stock: 100, recommend: 0, image: image('points-3.png', 'coffee', ['#862e9c', '#e599f7']) },
    ],
  },
  {
    name: '数码配件',
    goods: [
      { name: '头戴式耳机', subname: '蓝牙 5.3，40 小时续航', price: 1800, market: '199.00', stock: 10, recommend: 1, image: image('points-4.png', 'headphones', ['#2b8a3e', '#8ce99a']) },
      { name: '礼品卡套装', subname: '节日好礼', price: 100, market: '19.90', stock: 200, recommend: 1, image: image('points-5.png', 'gift', ['#c2255c', '#faa2c1']) },
    ],
  },
]

export async function seedPointsMall(app: FastifyInstance, tally: Tally): Promise<void> {
  const images = writeDemoImages(app, CLASSES.flatMap((c) => c.goods.map((g) => g.image))).then((n) => tally.add('upload files', n))
  if (!(await app.db.integral_goods.count())) {
    for (const c of CLASSES) {
      const cls = await app.db.integral_goods_classes.create({ data: { name: c.name }, select: { id: true } })
      await app.db.integral_goods.createMany({
        data: c.goods.map((g) => ({
          cid: cls.id, goods_name: g.name, goods_subname: g.subname, goods_price: g.price, goods_market_price: g.market, goods_stock: g.stock,
          goods_master_image: demoUrl(g.image.file), goods_images: demoUrl(g.image.file), goods_status: 1, is_recommend: g.recommend,
          goods_content: `<p>${g.name}：${g.subname}。积分兑换，包邮到家。</p>`,
        })),
      })
      tally.add('integral_goods_classes', 1)
      tally.add('integral_goods', c.goods.length)
    }
  }
  await images
}
