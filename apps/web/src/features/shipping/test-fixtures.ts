import type { DeliveryAddress, Holding, PickupPoint, Regions, ShippingRequest, Voucher } from '@wallx/shared';

/** A few provinces of two countries, as `GET /api/regions` gives them. */
export const regions: Regions = [
  {
    country: 'CN',
    provinces: [
      { code: 'CN-BJ', name: 'Beijing', local_name: '北京市' },
      { code: 'CN-GD', name: 'Guangdong', local_name: '广东省' },
    ],
  },
  { country: 'JP', provinces: [{ code: 'JP-13', name: 'Tokyo', local_name: '東京都' }] },
];

export const homeAddress: DeliveryAddress = {
  id: '11',
  country: 'CN',
  province: 'CN-GD',
  recipient: 'Li Lei',
  phone: '+8613800138000',
  postcode: '518000',
  detail: 'No. 1 Shennan Road',
  is_default: true,
  created_at: '2026-11-20T08:00:00.000Z',
};

export const tokyoAddress: DeliveryAddress = {
  ...homeAddress,
  id: '12',
  country: 'JP',
  province: 'JP-13',
  recipient: 'Sato Hanako',
  phone: '+819012345678',
  postcode: '100-0001',
  detail: 'Chiyoda 1-1',
  is_default: false,
};

export const shenzhen: PickupPoint = {
  id: '5',
  name: 'en_US:::Shenzhen Futian Service Center\nzh_CN:::深圳福田服务中心',
  country: 'CN',
  province: 'CN-GD',
  address: 'en_US:::Shop 3, 88 Fuhua 3rd Road\nzh_CN:::福华三路88号3号铺',
  hours: '10:00–20:00',
};

const product = (name: string) => ({ id: name, name: `en_US:::${name}`, image: '' });

/** An unused order of a product whose pick-up is open, and a miner of one that opens in 2027. */
export const openHolding: Holding = {
  kind: 'order',
  id: '21',
  product: product('Home Miner'),
  machine_no: null,
  pickup_from: '2026-01-01T00:00:00.000Z',
};
export const laterHolding: Holding = {
  kind: 'miner',
  id: '22',
  product: product('Pro Miner'),
  machine_no: 'WX-000123',
  pickup_from: '2027-06-01T00:00:00.000Z',
};

export const CODE = 'ABCDEFGHJKLMNPQR';

export const pickupRequest: ShippingRequest = {
  id: '31',
  kind: 'pickup',
  status: 'pending',
  product: product('Home Miner'),
  machine_no: null,
  address: null,
  carrier: null,
  tracking_no: null,
  point: shenzhen,
  code: CODE,
  created_at: '2026-11-24T08:00:00.000Z',
  shipped_at: null,
  written_off_at: null,
};

export const voucher: Voucher = {
  code: CODE,
  status: 'pending',
  product: product('Home Miner'),
  machine_no: null,
  point: shenzhen,
  holder: '0x12345...67890',
  created_at: '2026-11-24T08:00:00.000Z',
  written_off_at: null,
};

/** The end of a one-page list is never in view in jsdom: no next page is asked for. */
export class IdleObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
