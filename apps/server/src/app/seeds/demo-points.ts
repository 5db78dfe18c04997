import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

const text = (en: string, zh: string, ko: string, ja: string, id: string) =>
  [`en_US:::${en}`, `zh_CN:::${zh}`, `ko_KR:::${ko}`, `ja_JP:::${ja}`, `id_ID:::${id}`].join('\n');

/** The demo pick-up points `npm start` shows, one per capital-ish region of each country. */
const demoPoints = [
  {
    country: 'CN',
    province: 'CN-GD',
    hours: '10:00–20:00',
    name: text(
      'Shenzhen Futian Service Center',
      '深圳福田服务中心',
      '선전 푸톈 서비스 센터',
      '深圳福田サービスセンター',
      'Pusat Layanan Futian Shenzhen',
    ),
    address: text(
      'Shop 3, 88 Fuhua 3rd Road, Futian, Shenzhen',
      '深圳市福田区福华三路88号3号铺',
      '선전시 푸톈구 푸화3로 88, 3호',
      '深圳市福田区福華三路88号 3号店',
      'Toko 3, Jl. Fuhua 3 No. 88, Futian, Shenzhen',
    ),
  },
  {
    country: 'CN',
    province: 'CN-SH',
    hours: '10:00–21:00',
    name: text(
      'Shanghai Jing’an Service Center',
      '上海静安服务中心',
      '상하이 징안 서비스 센터',
      '上海静安サービスセンター',
      'Pusat Layanan Jing’an Shanghai',
    ),
    address: text(
      'Room 1203, 1000 West Nanjing Road, Jing’an, Shanghai',
      '上海市静安区南京西路1000号1203室',
      '상하이시 징안구 난징시루 1000, 1203호',
      '上海市静安区南京西路1000号 1203室',
      'Ruang 1203, Jl. Nanjing Barat No. 1000, Jing’an, Shanghai',
    ),
  },
  {
    country: 'JP',
    province: 'JP-13',
    hours: '11:00–19:00',
    name: text(
      'Tokyo Akihabara Counter',
      '东京秋叶原柜台',
      '도쿄 아키하바라 카운터',
      '東京秋葉原カウンター',
      'Konter Akihabara Tokyo',
    ),
    address: text(
      '2F, 1-15-9 Sotokanda, Chiyoda, Tokyo',
      '东京都千代田区外神田1-15-9 2楼',
      '도쿄도 지요다구 소토칸다 1-15-9 2층',
      '東京都千代田区外神田1-15-9 2F',
      'Lt. 2, 1-15-9 Sotokanda, Chiyoda, Tokyo',
    ),
  },
  {
    country: 'KR',
    province: 'KR-11',
    hours: '10:00–20:00',
    name: text(
      'Seoul Gangnam Lounge',
      '首尔江南休息室',
      '서울 강남 라운지',
      'ソウル江南ラウンジ',
      'Lounge Gangnam Seoul',
    ),
    address: text(
      '5F, 396 Gangnam-daero, Gangnam-gu, Seoul',
      '首尔特别市江南区江南大路396号5楼',
      '서울특별시 강남구 강남대로 396, 5층',
      'ソウル特別市江南区江南大路396 5階',
      'Lt. 5, Gangnam-daero 396, Gangnam-gu, Seoul',
    ),
  },
  {
    country: 'ID',
    province: 'ID-JK',
    hours: '09:00–18:00',
    name: text(
      'Jakarta Sudirman Desk',
      '雅加达苏迪曼服务台',
      '자카르타 수디르만 데스크',
      'ジャカルタ・スディルマン窓口',
      'Meja Layanan Sudirman Jakarta',
    ),
    address: text(
      'Tower A 12th floor, Jl. Jend. Sudirman Kav. 52, Jakarta',
      '雅加达苏迪曼大道52号A座12楼',
      '자카르타 수디르만 대로 52, A타워 12층',
      'ジャカルタ、スディルマン通り52 Aタワー12階',
      'Menara A Lt. 12, Jl. Jend. Sudirman Kav. 52, Jakarta',
    ),
  },
  {
    country: 'US',
    province: 'US-CA',
    hours: '10:00–18:00',
    name: text(
      'San Francisco Market Street',
      '旧金山市场街',
      '샌프란시스코 마켓 스트리트',
      'サンフランシスコ・マーケットストリート',
      'San Francisco Market Street',
    ),
    address: text(
      '500 Market St, San Francisco, CA',
      '加州旧金山市场街500号',
      '캘리포니아주 샌프란시스코 마켓 스트리트 500',
      'カリフォルニア州サンフランシスコ マーケット通り500',
      '500 Market St, San Francisco, CA',
    ),
  },
];

/** Seeds the demo points, stocked with every physical product, when there are none yet. */
export async function seedDemoPickupPoints(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('pickup_points').select('id').limit(1).execute();
    if (existing.length > 0) return 0;
    for (const point of demoPoints) {
      const { id } = await trx.insertInto('pickup_points').values(point).returning('id').executeTakeFirstOrThrow();
      await sql`insert into pickup_inventory (point_id, product_id, quantity)
        select ${id}::bigint, id, 50 from miner_products where physical`.execute(trx);
    }
    return demoPoints.length;
  });
}
