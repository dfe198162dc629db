// The demo catalogue beside the flagship store (demo.ts): two more approved, open stores with their owners, logos,
// banners, attributes, freight and 20 goods each across the seeded categories, some with SKUs. Rows are matched by
// natural keys (username, the owner's store, goods_no in the store, attribute and spec names); what exists is kept.
import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../core/hash.ts'
import { searchText } from '../modules/catalog/index.ts'
import type { Artwork } from './artwork.ts'
import { richText } from './content.ts'
import { demoUrl, writeDemoImages, type DemoImage } from './images.ts'
import { insertRows } from './insert.ts'
import { settleAll } from './settle.ts'
import type { Tally } from './tally.ts'

type Specs = Record<string, string[]>
type ShowcaseGoods = {
  no: string
  name: string
  subname: string
  /** category path, level 1/2/3 */
  class: string
  brand: string
  weight: string
  icon: string
  colors: [string, string]
  /** paragraphs of the description; the first is the lead */
  text: string[]
  sale: number
  recommend?: boolean
  /** featured on the platform home page */
  master?: boolean
} & (
  | { price: string; market: string; stock: number; skus?: undefined }
  /** one SKU per combination of the attributes' specs, in attribute order */
  | { skus: { specs: Specs; price: (specs: string[]) => string; market: (specs: string[]) => string; stock: number }; price?: undefined; market?: undefined; stock?: undefined }
)

type ShowcaseStore = {
  username: string
  nickname: string
  phone: string
  store_name: string
  description: string
  company: string
  /** province, city, district codes (in the sample areas) and the address */
  area: [string, string, string]
  address: string
  lat: string
  lng: string
  after_sale: string
  logo: Artwork
  banner: Artwork
  goods: ShowcaseGoods[]
}

export const SHOWCASE_PASSWORD = 'Seller@123456'

const p = (...lines: string[]) => lines
const byIndex = (values: string[], of: string[], spec: string) => values[of.indexOf(spec)]

export const SHOWCASE_STORES: ShowcaseStore[] = [
  {
    username: 'digital_seller', nickname: '星河数码', phone: '13800000021', store_name: '星河数码专营店',
    description: '手机、电脑、耳机与家电，官方授权，全国联保。', company: '深圳星河数码科技有限公司',
    area: ['440000', '440300', '440305'], address: '科技园南区深南大道 9988 号', lat: '22.540500', lng: '113.934500',
    after_sale: '全部商品支持 7 天无理由退货，15 天质量问题换新，整机 1 年保修。',
    logo: { icon: 'device-mobile', colors: ['#1c7ed6', '#15aabf'] },
    banner: { icon: 'device-laptop', colors: ['#1864ab', '#0ca678'] },
    goods: [
      {
        no: 'XH-PH-001', name: '拾光 X20 5G 智能手机', subname: '6.7 英寸高刷屏 5000mAh 大电池', class: '手机数码/手机通讯/手机', brand: '拾光',
        weight: '0.35', icon: 'device-mobile', colors: ['#364fc7', '#22b8cf'], sale: 1268, recommend: true, master: true,
        text: p('6.7 英寸 120Hz 高刷新率屏幕，滑动流畅不拖影。', '5000mAh 大电池配 65W 快充，30 分钟充至 80%。', '5000 万像素主摄，夜景模式更清晰。'),
        skus: { specs: { 颜色: ['星空黑', '月光白', '远峰蓝'], 存储: ['128GB', '256GB'] }, price: ([, s]) => (s === '256GB' ? '2299.00' : '1999.00'), market: ([, s]) => (s === '256GB' ? '2799.00' : '2499.00'), stock: 40 },
      },
      {
        no: 'XH-PH-002', name: '拾光 X20 Pro 影像旗舰手机', subname: '一英寸大底主摄 卫星通信', class: '手机数码/手机通讯/手机', brand: '拾光',
        weight: '0.38', icon: 'camera', colors: ['#212529', '#495057'], sale: 532, recommend: true, master: true,
        text: p('一英寸大底主摄，逆光、夜景都能拍出细节。', '支持卫星通信，无网络时也能发出求助短信。'),
        skus: { specs: { 颜色: ['曜石灰', '月光白'], 存储: ['256GB', '512GB'] }, price: ([, s]) => (s === '512GB' ? '4499.00' : '3999.00'), market: ([, s]) => (s === '512GB' ? '4999.00' : '4499.00'), stock: 25 },
      },
      {
        no: 'XH-PH-003', name: '拾光 Lite 长续航老人手机', subname: '大字体 大音量 一键求助', class: '手机数码/手机通讯/手机', brand: '拾光',
        weight: '0.20', icon: 'phone', colors: ['#e67700', '#fab005'], sale: 2140,
        text: p('大字体大图标，来电语音报号，长辈上手即会。', '待机长达 15 天，一键求助直拨亲人。'),
        price: '399.00', market: '499.00', stock: 120,
      },
      {
        no: 'XH-TK-001', name: '悦享 T8 户外双频对讲机（2台装）', subname: '10 公里通话 IP54 防水', class: '手机数码/手机通讯/对讲机', brand: '悦享',
        weight: '0.60', icon: 'radio', colors: ['#2b8a3e', '#94d82d'], sale: 317,
        text: p('双频双守，空旷地带通话距离可达 10 公里。', 'IP54 防尘防水，登山、自驾、工地都适用。'),
        price: '269.00', market: '329.00', stock: 80,
      },
      {
        no: 'XH-CH-001', name: '拾光 65W 氮化镓快充充电器', subname: '双 C 一 A 三口输出 折叠插脚', class: '手机数码/数码配件/充电器', brand: '拾光',
        weight: '0.12', icon: 'plug', colors: ['#f8f9fa', '#adb5bd'], sale: 4021, recommend: true,
        text: p('氮化镓芯片，体积比传统充电器小 40%。', '三口同时输出，手机、平板、笔记本一个搞定。'),
        skus: { specs: { 颜色: ['月光白', '星空黑'] }, price: () => '129.00', market: () => '169.00', stock: 150 },
      },
      {
        no: 'XH-CH-002', name: '拾光 20000mAh 移动电源', subname: '22.5W 快充 可上飞机', class: '手机数码/数码配件/充电器', brand: '拾光',
        weight: '0.42', icon: 'battery-charging', colors: ['#0b7285', '#3bc9db'], sale: 2876,
        text: p('20000mAh 大容量，手机可充 4 次以上。', '符合民航规定，出差旅行随身携带。'),
        price: '159.00', market: '199.00', stock: 200,
      },
      {
        no: 'XH-CB-001', name: '拾光 USB-C 编织数据线 1.5m（2条装）', subname: '100W 快充 耐弯折 2 万次', class: '手机数码/数码配件/数据线', brand: '拾光',
        weight: '0.08', icon: 'usb', colors: ['#5f3dc4', '#9775fa'], sale: 6350,
        text: p('尼龙编织外皮，弯折 2 万次依然完好。', '支持 100W 快充与 480Mbps 数据传输。'),
        skus: { specs: { 颜色: ['星空黑', '月光白'] }, price: () => '39.90', market: () => '59.00', stock: 300 },
      },
      {
        no: 'XH-EP-001', name: '拾光 Buds Air 真无线降噪耳机', subname: '主动降噪 36 小时续航', class: '手机数码/数码配件/耳机', brand: '拾光',
        weight: '0.06', icon: 'device-airpods', colors: ['#c2255c', '#f783ac'], sale: 1893, recommend: true, master: true,
        text: p('主动降噪深度 45dB，地铁、飞机上也能安静听歌。', '单次 8 小时，配合充电盒总续航 36 小时。'),
        skus: { specs: { 颜色: ['月光白', '星空黑', '远峰蓝'] }, price: () => '349.00', market: () => '449.00', stock: 90 },
      },
      {
        no: 'XH-EP-002', name: '拾光 H1 头戴式蓝牙耳机', subname: '40mm 大动圈 低延迟游戏模式', class: '手机数码/数码配件/耳机', brand: '拾光',
        weight: '0.25', icon: 'headphones', colors: ['#e03131', '#ff8787'], sale: 706,
        text: p('40mm 大尺寸动圈单元，低音饱满。', '蛋白皮耳罩，长时间佩戴不压耳。'),
        price: '499.00', market: '599.00', stock: 60,
      },
      {
        no: 'XH-NB-001', name: '远山 Book 14 轻薄笔记本电脑', subname: '1.3kg 全金属机身 2.8K 屏', class: '电脑办公/电脑整机/笔记本', brand: '远山',
        weight: '1.30', icon: 'device-laptop', colors: ['#343a40', '#868e96'], sale: 845, recommend: true, master: true,
        text: p('全金属机身仅重 1.3kg，厚度 14.9mm。', '2.8K 高分辨率屏幕，100% sRGB 色域。', '支持 65W 快充，续航 12 小时。'),
        skus: { specs: { 配置: ['i5/16G/512G', 'i7/32G/1T'] }, price: ([c]) => byIndex(['4599.00', '5999.00'], ['i5/16G/512G', 'i7/32G/1T'], c), market: ([c]) => byIndex(['5299.00', '6799.00'], ['i5/16G/512G', 'i7/32G/1T'], c), stock: 30 },
      },
      {
        no: 'XH-NB-002', name: '远山 Book Pro 16 创作本', subname: '独立显卡 3.2K 高色域屏', class: '电脑办公/电脑整机/笔记本', brand: '远山',
        weight: '2.10', icon: 'device-laptop', colors: ['#1864ab', '#4dabf7'], sale: 213,
        text: p('16 英寸 3.2K 165Hz 屏幕，剪辑、设计得心应手。', '独立显卡与双风扇散热，长时间渲染不降频。'),
        price: '8999.00', market: '9999.00', stock: 15,
      },
      {
        no: 'XH-PC-001', name: '远山 M1 迷你台式主机', subname: '巴掌大小 办公娱乐全能', class: '电脑办公/电脑整机/台式机', brand: '远山',
        weight: '0.90', icon: 'cpu', colors: ['#087f5b', '#38d9a9'], sale: 388,
        text: p('机身仅 0.7 升，可挂在显示器背后。', '双 HDMI 输出，支持双屏办公。'),
        price: '2899.00', market: '3299.00', stock: 35,
      },
      {
        no: 'XH-PC-002', name: '远山 27 英寸一体机电脑', subname: '4K 窄边框 内置音箱与摄像头', class: '电脑办公/电脑整机/台式机', brand: '远山',
        weight: '8.50', icon: 'device-desktop', colors: ['#5c7cfa', '#91a7ff'], sale: 126,
        text: p('27 英寸 4K 屏幕，三面窄边框。', '内置 500 万像素摄像头与双扬声器，视频会议更清楚。'),
        price: '5299.00', market: '5999.00', stock: 12,
      },
      {
        no: 'XH-PR-001', name: '远山 彩色喷墨打印一体机', subname: '打印 复印 扫描 手机无线打印', class: '电脑办公/办公设备/打印机', brand: '远山',
        weight: '5.20', icon: 'printer', colors: ['#d6336c', '#faa2c1'], sale: 654,
        text: p('打印、复印、扫描三合一，家用作业打印首选。', '支持手机 App 与微信小程序无线打印。'),
        price: '699.00', market: '899.00', stock: 45,
      },
      {
        no: 'XH-PR-002', name: '远山 黑白激光打印机', subname: '每分钟 30 页 自动双面', class: '电脑办公/办公设备/打印机', brand: '远山',
        weight: '7.00', icon: 'file-text', colors: ['#495057', '#ced4da'], sale: 281,
        text: p('每分钟 30 页高速打印，自动双面省纸。', '单只硒鼓可打印 1600 页，耗材成本低。'),
        price: '899.00', market: '1099.00', stock: 28,
      },
      {
        no: 'XH-PJ-001', name: '悦享 家用智能投影仪', subname: '1080P 自动对焦 梯形校正', class: '电脑办公/办公设备/投影仪', brand: '悦享',
        weight: '1.80', icon: 'device-projector', colors: ['#7048e8', '#b197fc'], sale: 472, recommend: true,
        text: p('原生 1080P，百英寸大画面。', '自动对焦与梯形校正，随手一放即可观看。'),
        price: '1799.00', market: '2199.00', stock: 40,
      },
      {
        no: 'XH-FR-001', name: '悦享 510L 对开门变频冰箱', subname: '风冷无霜 一级能效', class: '家用电器/大家电/冰箱', brand: '悦享',
        weight: '95.00', icon: 'fridge', colors: ['#74c0fc', '#d0ebff'], sale: 167,
        text: p('510 升大容量，一家五口也够用。', '风冷无霜，告别手动除冰；变频压缩机，一级能效更省电。'),
        price: '3999.00', market: '4599.00', stock: 18,
      },
      {
        no: 'XH-WM-001', name: '悦享 10kg 滚筒洗衣机', subname: '洗烘一体 除菌率 99%', class: '家用电器/大家电/洗衣机', brand: '悦享',
        weight: '70.00', icon: 'wash-machine', colors: ['#1098ad', '#99e9f2'], sale: 236,
        text: p('10 公斤大容量，床单被罩一次洗净。', '洗烘一体，高温除菌，阴雨天也能穿上干爽衣物。'),
        price: '2699.00', market: '3199.00', stock: 22,
      },
      {
        no: 'XH-MW-001', name: '悦享 20L 平板微波炉', subname: '平板易清洁 智能菜单', class: '家用电器/厨房电器/微波炉', brand: '悦享',
        weight: '11.00', icon: 'microwave', colors: ['#f76707', '#ffc078'], sale: 593,
        text: p('平板式内腔，没有转盘，擦一擦就干净。', '20 道智能菜单，加热、解冻一键完成。'),
        price: '459.00', market: '599.00', stock: 50,
      },
      {
        no: 'XH-AC-001', name: '悦享 1.5匹 挂式变频空调', subname: '一级能效 自清洁 静音 18 分贝', class: '家用电器/大家电/空调', brand: '悦享',
        weight: '38.00', icon: 'air-conditioning', colors: ['#339af0', '#a5d8ff'], sale: 412,
        text: p('一级能效变频，夏天整晚开着也省电。', '睡眠模式低至 18 分贝，不影响休息。'),
        price: '2399.00', market: '2999.00', stock: 26,
      },
    ],
  },
  {
    username: 'living_seller', nickname: '木森生活', phone: '13800000022', store_name: '木森生活馆',
    description: '好衣服、好零食、好茶与小家电，认真生活每一天。', company: '北京木森生活用品有限公司',
    area: ['110000', '110100', '110101'], address: '王府井大街 138 号', lat: '39.914900', lng: '116.410300',
    after_sale: '服装支持 7 天无理由退换（吊牌完好）；食品开封后非质量问题不退换。',
    logo: { icon: 'leaf', colors: ['#2b8a3e', '#8ce99a'] },
    banner: { icon: 'teapot', colors: ['#5c940d', '#d9480f'] },
    goods: [
      {
        no: 'MS-DR-001', name: '木森 法式碎花连衣裙', subname: '雪纺面料 收腰显瘦', class: '服装/女装/连衣裙', brand: '木森',
        weight: '0.30', icon: 'woman', colors: ['#f06595', '#ffdeeb'], sale: 1532, recommend: true, master: true,
        text: p('轻薄雪纺面料，垂感好不易皱。', '收腰设计配 A 字裙摆，显瘦又显高。'),
        skus: { specs: { 颜色: ['米白', '雾霾蓝'], 尺码: ['S', 'M', 'L'] }, price: () => '239.00', market: () => '359.00', stock: 30 },
      },
      {
        no: 'MS-DR-002', name: '木森 针织长袖连衣裙', subname: '秋冬保暖 修身百搭', class: '服装/女装/连衣裙', brand: '木森',
        weight: '0.45', icon: 'hanger-2', colors: ['#862e9c', '#e599f7'], sale: 874,
        text: p('罗纹针织，贴身保暖不扎皮肤。', '单穿或外搭大衣都好看。'),
        skus: { specs: { 颜色: ['燕麦色', '黑色'], 尺码: ['S', 'M', 'L'] }, price: () => '199.00', market: () => '299.00', stock: 25 },
      },
      {
        no: 'MS-SK-001', name: '木森 高腰 A 字半身裙', subname: '垂感西装面料 通勤百搭', class: '服装/女装/半身裙', brand: '木森',
        weight: '0.28', icon: 'woman', colors: ['#a61e4d', '#f783ac'], sale: 967,
        text: p('高腰设计拉长腿部比例。', '垂感面料，坐久了也不易起皱。'),
        skus: { specs: { 颜色: ['黑色', '酒红'], 尺码: ['S', 'M', 'L'] }, price: () => '159.00', market: () => '229.00', stock: 35 },
      },
      {
        no: 'MS-KN-001', name: '木森 羊毛混纺针织开衫', subname: '30% 羊毛 柔软亲肤', class: '服装/女装/针织衫', brand: '木森',
        weight: '0.35', icon: 'hanger', colors: ['#e8590c', '#ffd8a8'], sale: 1204, recommend: true,
        text: p('30% 羊毛混纺，轻薄保暖。', '宽松版型，可搭配连衣裙或 T 恤。'),
        skus: { specs: { 颜色: ['燕麦色', '雾霾蓝', '黑色'], 尺码: ['S', 'M', 'L'] }, price: () => '189.00', market: () => '269.00', stock: 20 },
      },
      {
        no: 'MS-KN-002', name: '木森 圆领基础款针织衫', subname: '多色可选 四季可穿', class: '服装/女装/针织衫', brand: '木森',
        weight: '0.25', icon: 'shirt', colors: ['#f59f00', '#ffe066'], sale: 2318,
        text: p('基础圆领，百搭不出错。', '机洗不变形，不起球。'),
        price: '99.00', market: '139.00', stock: 160,
      },
      {
        no: 'MS-JK-001', name: '远山 男士户外冲锋夹克', subname: '防风防泼水 可拆卸帽', class: '服装/男装/夹克', brand: '远山',
        weight: '0.70', icon: 'jacket', colors: ['#1971c2', '#74c0fc'], sale: 689, recommend: true, master: true,
        text: p('防风防泼水面料，小雨天无需打伞。', '帽子可拆卸，通勤、登山两相宜。'),
        skus: { specs: { 颜色: ['黑色', '雾霾蓝'], 尺码: ['M', 'L', 'XL'] }, price: ([, s]) => (s === 'XL' ? '419.00' : '399.00'), market: () => '599.00', stock: 20 },
      },
      {
        no: 'MS-TS-001', name: '远山 男士纯棉 POLO 衫', subname: '珠地棉 透气吸汗', class: '服装/男装/T恤', brand: '远山',
        weight: '0.25', icon: 'shirt-sport', colors: ['#2f9e44', '#b2f2bb'], sale: 1420,
        text: p('珠地棉面料，透气吸汗不黏身。', '经典翻领，商务休闲都合适。'),
        skus: { specs: { 颜色: ['黑色', '米白'], 尺码: ['M', 'L', 'XL'] }, price: () => '129.00', market: () => '189.00', stock: 40 },
      },
      {
        no: 'MS-SH-001', name: '木森 男士亚麻休闲衬衫', subname: '天然亚麻 清爽透气', class: '服装/男装/衬衫', brand: '木森',
        weight: '0.30', icon: 'shirt', colors: ['#0c8599', '#99e9f2'], sale: 558,
        text: p('天然亚麻面料，越洗越软。', '宽松廓形，夏天穿着不闷热。'),
        price: '169.00', market: '249.00', stock: 70,
      },
      {
        no: 'MS-NT-001', name: '青禾 原味腰果 500g', subname: '越南大颗粒 低温烘焙', class: '食品/休闲零食/坚果', brand: '青禾',
        weight: '0.55', icon: 'nut', colors: ['#d9480f', '#ffc078'], sale: 3320, recommend: true,
        text: p('精选越南 W320 大颗粒腰果。', '低温慢烘，不添加盐和香精，原味香脆。'),
        price: '59.90', market: '79.00', stock: 260,
      },
      {
        no: 'MS-NT-002', name: '青禾 奶油碧根果礼盒 1kg', subname: '手剥薄壳 送礼自吃', class: '食品/休闲零食/坚果', brand: '青禾',
        weight: '1.10', icon: 'seedling', colors: ['#8f5b2e', '#e8b07c'], sale: 1180,
        text: p('薄壳易剥，奶香浓郁。', '礼盒包装，内含 8 小袋，分享方便。'),
        price: '89.00', market: '128.00', stock: 140,
      },
      {
        no: 'MS-BS-001', name: '青禾 丹麦风味黄油曲奇 908g', subname: '铁罐装 新鲜黄油制作', class: '食品/休闲零食/饼干', brand: '青禾',
        weight: '1.00', icon: 'cookie', colors: ['#1c7ed6', '#a5d8ff'], sale: 2045,
        text: p('新鲜黄油制作，入口即化。', '蓝色铁罐装，吃完还能收纳小物。'),
        price: '79.00', market: '99.00', stock: 180,
      },
      {
        no: 'MS-BS-002', name: '青禾 全麦苏打饼干 800g', subname: '低糖 高纤 独立小包', class: '食品/休闲零食/饼干', brand: '青禾',
        weight: '0.85', icon: 'bread', colors: ['#c98a3a', '#f4d8a7'], sale: 1766,
        text: p('全麦粉占比 30%，高膳食纤维。', '独立小包装，办公室下午茶刚刚好。'),
        price: '29.90', market: '39.90', stock: 320,
      },
      {
        no: 'MS-CD-001', name: '青禾 什锦水果硬糖 罐装 500g', subname: '六种水果口味 复古铁罐', class: '食品/休闲零食/糖果', brand: '青禾',
        weight: '0.60', icon: 'candy', colors: ['#e64980', '#fcc2d7'], sale: 932,
        text: p('草莓、柠檬、橙子等六种口味。', '复古铁罐装，年货、喜糖都合适。'),
        price: '25.80', market: '35.00', stock: 210,
      },
      {
        no: 'MS-CD-002', name: '青禾 手工牛轧糖 400g', subname: '真材实料 花生满满', class: '食品/休闲零食/糖果', brand: '青禾',
        weight: '0.42', icon: 'lollipop', colors: ['#ae3ec9', '#eebefa'], sale: 764,
        text: p('手工熬制，奶香浓郁不粘牙。', '每颗都有大颗花生，甜而不腻。'),
        skus: { specs: { 口味: ['原味', '抹茶', '蔓越莓'] }, price: () => '39.90', market: () => '49.90', stock: 80 },
      },
      {
        no: 'MS-TE-001', name: '青禾 西湖龙井 明前特级', subname: '2026 年新茶 核心产区', class: '食品/茶饮冲调/茶叶', brand: '青禾',
        weight: '0.30', icon: 'leaf', colors: ['#2b8a3e', '#69db7c'], sale: 486, recommend: true, master: true,
        text: p('核心产区明前采摘，一芽一叶。', '豆香清高，汤色嫩绿明亮。'),
        skus: { specs: { 规格: ['125g', '250g'] }, price: ([s]) => (s === '250g' ? '498.00' : '268.00'), market: ([s]) => (s === '250g' ? '598.00' : '328.00'), stock: 40 },
      },
      {
        no: 'MS-TE-002', name: '青禾 云南普洱熟茶饼 357g', subname: '七年陈 醇厚顺滑', class: '食品/茶饮冲调/茶叶', brand: '青禾',
        weight: '0.40', icon: 'teapot', colors: ['#862e18', '#d9480f'], sale: 302,
        text: p('勐海大叶种晒青毛茶，七年自然陈化。', '汤色红浓，口感醇厚顺滑。'),
        price: '168.00', market: '218.00', stock: 60,
      },
      {
        no: 'MS-CF-001', name: '青禾 冷萃挂耳咖啡 10 片装', subname: '云南小粒 中深烘焙', class: '食品/茶饮冲调/咖啡', brand: '青禾',
        weight: '0.15', icon: 'coffee', colors: ['#5c3d2e', '#b08968'], sale: 2640,
        text: p('云南保山小粒咖啡，中深烘焙。', '挂耳设计，热水一冲三分钟即可享用。'),
        price: '49.90', market: '69.00', stock: 240,
      },
      {
        no: 'MS-CF-002', name: '青禾 意式拼配咖啡豆 454g', subname: '坚果巧克力风味 适合意式', class: '食品/茶饮冲调/咖啡', brand: '青禾',
        weight: '0.50', icon: 'mug', colors: ['#3d2c1e', '#8c6a4f'], sale: 815,
        text: p('巴西与哥伦比亚豆拼配，坚果、可可风味。', '每周烘焙发货，新鲜度有保障。'),
        skus: { specs: { 研磨: ['咖啡豆', '意式细粉', '手冲中粉'] }, price: () => '89.00', market: () => '119.00', stock: 60 },
      },
      {
        no: 'MS-RC-001', name: '悦享 4L IH 电饭煲', subname: 'IH 电磁加热 24 小时预约', class: '家用电器/厨房电器/电饭煲', brand: '悦享',
        weight: '4.50', icon: 'cooker', colors: ['#495057', '#f03e3e'], sale: 1106, recommend: true,
        text: p('IH 电磁立体加热，米饭受热均匀更香甜。', '24 小时预约，早上起床就有热粥喝。'),
        price: '499.00', market: '699.00', stock: 55,
      },
      {
        no: 'MS-KT-001', name: '悦享 1.7L 不锈钢电水壶', subname: '304 不锈钢 自动断电', class: '家用电器/厨房电器/电水壶', brand: '悦享',
        weight: '1.10', icon: 'bottle', colors: ['#0ca678', '#96f2d7'], sale: 3075,
        text: p('304 食品级不锈钢内胆。', '水开自动断电，干烧保护更安心。'),
        skus: { specs: { 颜色: ['米白', '雾霾蓝'] }, price: () => '129.00', market: () => '169.00', stock: 110 },
      },
    ],
  },
]

/** Every attribute with its specs over the store's goods, in first-seen order. */
function storeSpecs(store: ShowcaseStore): Specs {
  const all: Specs = {}
  for (const g of store.goods) {
    for (const [attr, values] of Object.entries(g.skus?.specs ?? {})) {
      all[attr] ??= []
      for (const v of values) if (!all[attr].includes(v)) all[attr].push(v)
    }
  }
  return all
}

/** Every combination of the specs, in attribute order. */
const combinations = (specs: Specs): string[][] =>
  Object.values(specs).reduce<string[][]>((rows, values) => rows.flatMap((row) => values.map((v) => [...row, v])), [[]])

const goodsImage = (g: ShowcaseGoods, n: 1 | 2) => `${g.no.toLowerCase()}-${n}.jpg`
const storeImage = (store: ShowcaseStore, kind: 'logo' | 'banner') => `${store.username}-${kind}.jpg`

/** Every picture of the showcase: two per goods (the second with the gradient turned), a logo and a banner per store. */
export function showcaseImages(): DemoImage[] {
  return SHOWCASE_STORES.flatMap((store) => [
    { file: storeImage(store, 'logo'), width: 200, height: 200, art: store.logo },
    { file: storeImage(store, 'banner'), width: 1200, height: 300, art: store.banner },
    ...store.goods.flatMap((g) => [
      { file: goodsImage(g, 1), width: 800, height: 800, art: { icon: g.icon, colors: g.colors } },
      { file: goodsImage(g, 2), width: 800, height: 800, art: { icon: g.icon, colors: [g.colors[1], g.colors[0]] as [string, string] } },
    ]),
  ])
}

export type ShowcaseDeps = { areas: Promise<unknown>; classIds: Promise<Map<string, number>> }

export async function seedShowcase(app: FastifyInstance, deps: ShowcaseDeps, tally: Tally) {
  const images = writeDemoImages(app, showcaseImages()).then((n) => tally.add('upload files', n))
  await settleAll([images, ...SHOWCASE_STORES.map((store) => seedShowcaseStore(app, store, deps, tally))])
}

async function seedShowcaseStore(app: FastifyInstance, spec: ShowcaseStore, deps: ShowcaseDeps, tally: Tally) {
  const userId = await ownerId(app, spec, tally)
  await deps.areas
  const [areaRows, classIds, brands] = await Promise.all([
    app.db.areas.findMany({ where: { code: { in: spec.area } }, select: { id: true, code: true, name: true } }),
    deps.classIds,
    app.db.goods_brands.findMany({ select: { id: true, name: true } }),
  ])
  const area = spec.area.map((code) => {
    const row = areaRows.find((a) => a.code === code)
    if (!row) throw new Error(`seed: area ${code} is missing`)
    return row
  })
  const classId = (path: string) => {
    const id = classIds.get(path)
    if (id === undefined) throw new Error(`seed: category ${path} is missing`)
    return id
  }
  const classPath = (path: string) => path.split('/').map((_, i, parts) => classId(parts.slice(0, i + 1).join('/')))

  let store = await app.db.stores.findUnique({ where: { user_id: userId }, select: { id: true } })
  if (!store) {
    store = await app.db.stores.create({
      data: {
        user_id: userId, store_name: spec.store_name, store_logo: demoUrl(storeImage(spec, 'logo')), store_slide: demoUrl(storeImage(spec, 'banner')),
        store_mobile: spec.phone, store_description: spec.description, store_company_name: spec.company,
        province_id: area[0].id, city_id: area[1].id, region_id: area[2].id, area_info: area.map((a) => a.name).join(' '),
        store_address: spec.address, store_lat: spec.lat, store_lng: spec.lng, store_status: 1, store_verify: 4, after_sale_service: spec.after_sale,
      },
      select: { id: true },
    })
    tally.add('stores', 1)
  }
  const storeId = store.id
  const [hasClasses, hasFreight, specIds, have] = await Promise.all([
    app.db.store_classes.findFirst({ where: { store_id: storeId }, select: { id: true } }),
    app.db.freights.findFirst({ where: { store_id: storeId, is_type: 0 }, select: { id: true } }),
    seedStoreSpecs(app, storeId, storeSpecs(spec), tally),
    app.db.goods.findMany({ where: { store_id: storeId }, select: { goods_no: true } }).then((rows) => new Set(rows.map((g) => g.goods_no))),
  ])
  const writes: Promise<unknown>[] = []
  if (!hasClasses) {
    const paths = [...new Set(spec.goods.map((g) => g.class))].map(classPath)
    writes.push(app.db.store_classes.create({ data: { store_id: storeId, class_id: paths } }))
    tally.add('store_classes', 1)
  }
  if (!hasFreight) {
    writes.push(insertRows(app, 'freights', [{ store_id: storeId, name: '默认运费', f_weight: '1.00', f_price: '8.00', o_weight: '1.00', o_price: '4.00', is_type: 0 }]))
    tally.add('freights', 1)
  }
  for (const g of spec.goods.filter((g) => !have.has(g.no))) {
    const image = demoUrl(goodsImage(g, 1))
    const skus = g.skus
      ? combinations(g.skus.specs).map((specs) => ({
          spec_id: specs.map((value, i) => specIds.get(`${Object.keys(g.skus.specs)[i]}:${value}`)).join(','),
          sku_name: specs.join(','), goods_image: image,
          goods_price: g.skus.price(specs), goods_market_price: g.skus.market(specs), goods_stock: g.skus.stock, goods_weight: g.weight,
        }))
      : []
    // With SKUs the goods shows the cheapest SKU's prices and the sum of their stocks.
    const cheapest = skus.length ? skus.reduce((a, b) => (Number(b.goods_price) < Number(a.goods_price) ? b : a)) : null
    const html = `<p>${g.text.join('</p><p>')}</p>`
    writes.push(app.db.goods.create({
      data: {
        store_id: storeId, class_id: classId(g.class), brand_id: brands.find((b) => b.name === g.brand)?.id ?? 0,
        goods_no: g.no, goods_name: g.name, goods_subname: g.subname, search_text: searchText(g.name),
        goods_master_image: image, goods_images: [image, demoUrl(goodsImage(g, 2))].join(','),
        goods_price: cheapest?.goods_price ?? g.price!, goods_market_price: cheapest?.goods_market_price ?? g.market!,
        goods_stock: cheapest ? skus.reduce((n, s) => n + s.goods_stock, 0) : g.stock!,
        goods_weight: g.weight, goods_sale: g.sale, goods_status: 1, goods_verify: 1, freight_id: 0,
        goods_content: richText(html), goods_content_mobile: richText(html),
        is_recommend: g.recommend ? 1 : 0, is_master: g.master ? 1 : 0,
        goods_skus: skus.length ? { create: skus } : undefined,
      },
    }))
    tally.add('goods', 1)
    tally.add('goods_skus', skus.length)
  }
  await Promise.all(writes)
}

async function ownerId(app: FastifyInstance, spec: ShowcaseStore, tally: Tally): Promise<number> {
  const found = await app.db.users.findUnique({ where: { username: spec.username }, select: { id: true } })
  if (found) return found.id
  const row = await app.db.users.create({
    data: { username: spec.username, password: await hashed(SHOWCASE_PASSWORD), nickname: spec.nickname, phone: spec.phone },
    select: { id: true },
  })
  tally.add('users', 1)
  return row.id
}

// One argon2 hash per process (~50 ms each): both owners share the password.
let passwordHash: Promise<string> | undefined
const hashed = (plain: string) => (passwordHash ??= hashPassword(plain))

/** The store's attributes and specs; answers spec ids by "attribute:value". */
async function seedStoreSpecs(app: FastifyInstance, storeId: number, specs: Specs, tally: Tally): Promise<Map<string, number>> {
  const load = () => app.db.goods_attrs.findMany({ where: { store_id: storeId }, select: { id: true, name: true, goods_specs: { select: { id: true, name: true } } } })
  let attrs = await load()
  const missingAttrs = Object.keys(specs).filter((name) => !attrs.some((a) => a.name === name))
  if (missingAttrs.length) {
    tally.add('goods_attrs', await insertRows(app, 'goods_attrs', missingAttrs.map((name) => ({ store_id: storeId, name }))))
    attrs = await load()
  }
  const missingSpecs = Object.entries(specs).flatMap(([attr, values]) => {
    const row = attrs.find((a) => a.name === attr)!
    return values.filter((v) => !row.goods_specs.some((s) => s.name === v)).map((name) => ({ attr_id: row.id, name }))
  })
  if (missingSpecs.length) {
    tally.add('goods_specs', await insertRows(app, 'goods_specs', missingSpecs))
    attrs = await load()
  }
  return new Map(attrs.flatMap((a) => a.goods_specs.map((s) => [`${a.name}:${s.name}`, s.id] as [string, number])))
}
