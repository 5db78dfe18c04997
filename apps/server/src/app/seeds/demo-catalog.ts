import type { Db } from '../../platform/db/database.js';
import type { MinersRepository, ProductInput } from '../../modules/miners/repository.js';

const names = (en: string, zh: string, ko: string, ja: string, id: string) =>
  [`en_US:::${en}`, `zh_CN:::${zh}`, `ko_KR:::${ko}`, `ja_JP:::${ja}`, `id_ID:::${id}`].join('\n');

const base = { physical: false, gift: false, on_sale: true } as const;

/** The demo market `npm start` shows on a new embedded database; images ship in apps/web/public/catalog. */
export const demoProducts: ProductInput[] = [
  {
    ...base,
    name: names('Genesis Node', '创世节点', '제네시스 노드', 'ジェネシスノード', 'Node Genesis'),
    image: '/catalog/genesis-node.svg',
    category: 'node',
    price_usdt: '1000',
    price_wallx: '5000',
    daily_output: '12',
    output_days: 360,
    stock: 200,
    per_user_limit: 5,
    sort: 1,
  },
  {
    ...base,
    name: names('Guardian Node', '守护者节点', '가디언 노드', 'ガーディアンノード', 'Node Guardian'),
    image: '/catalog/guardian-node.svg',
    category: 'node',
    price_usdt: '500',
    price_wallx: null,
    daily_output: '5.5',
    output_days: 360,
    stock: 500,
    per_user_limit: 10,
    sort: 2,
  },
  {
    ...base,
    name: names('Community Node', '社区节点', '커뮤니티 노드', 'コミュニティノード', 'Node Komunitas'),
    image: '/catalog/community-node.svg',
    category: 'node',
    price_usdt: null,
    price_wallx: '1200',
    daily_output: '3',
    output_days: 180,
    stock: 1000,
    per_user_limit: null,
    sort: 3,
  },
  {
    ...base,
    name: names('WX-M1 Home Miner', 'WX-M1 家用矿机', 'WX-M1 홈 채굴기', 'WX-M1 ホームマイナー', 'WX-M1 Miner Rumahan'),
    image: '/catalog/home-miner.svg',
    category: 'machine',
    price_usdt: '100',
    price_wallx: '500',
    daily_output: '1.2',
    output_days: 120,
    stock: 5000,
    per_user_limit: 20,
    physical: true,
    pickup_from: '2026-01-01T00:00:00Z',
    sort: 1,
  },
  {
    ...base,
    name: names('WX-M2 Pro Miner', 'WX-M2 专业矿机', 'WX-M2 프로 채굴기', 'WX-M2 プロマイナー', 'WX-M2 Miner Pro'),
    image: '/catalog/pro-miner.svg',
    category: 'machine',
    price_usdt: '300',
    price_wallx: '1500',
    daily_output: '4',
    output_days: 120,
    stock: 2000,
    per_user_limit: 10,
    physical: true,
    // Not yet: the demo shows both sides of the pick-up date.
    pickup_from: '2027-06-01T00:00:00Z',
    sort: 2,
  },
  {
    ...base,
    name: names(
      'WX-C1 Cloud Miner',
      'WX-C1 云矿机',
      'WX-C1 클라우드 채굴기',
      'WX-C1 クラウドマイナー',
      'WX-C1 Miner Cloud',
    ),
    image: '/catalog/cloud-miner.svg',
    category: 'machine',
    price_usdt: '50',
    price_wallx: '250',
    daily_output: '0.5',
    output_days: 90,
    stock: 10000,
    per_user_limit: null,
    sort: 3,
  },
  {
    ...base,
    name: names('Welcome Miner', '新人体验矿机', '웰컴 채굴기', 'ウェルカムマイナー', 'Miner Selamat Datang'),
    image: '/catalog/welcome-miner.svg',
    category: 'machine',
    price_usdt: null,
    price_wallx: null,
    daily_output: '0.2',
    output_days: 30,
    stock: 0,
    per_user_limit: null,
    gift: true,
    sort: 9,
  },
];

/** Seeds the demo catalog into an empty catalog; a catalog an operator has touched is left alone. */
export async function seedDemoCatalog(db: Db, miners: MinersRepository): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if ((await miners.countProducts(trx)) > 0) return 0;
    for (const product of demoProducts) await miners.insertProduct(trx, product);
    return demoProducts.length;
  });
}
