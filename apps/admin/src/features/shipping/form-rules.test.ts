import { describe, expect, it } from 'vitest';
import { emptyLangTextFields, POINT_STOCK_MAX, SHIP_CARRIER } from '@wallx/shared';
import { pointProblems, shipProblems, stockProblems, type PointValues } from './form-rules';

describe('shipProblems', () => {
  it('needs a carrier and a tracking number, counted trimmed', () => {
    expect(shipProblems({ carrier: ' ', tracking_no: '' })).toEqual({
      carrier: 'shipping.required',
      tracking_no: 'shipping.required',
    });
    expect(shipProblems({ carrier: 'SF Express', tracking_no: ' SF1234567890 ' })).toEqual({});
  });

  it("keeps to the endpoint's bound from shared", () => {
    const long = 'x'.repeat(SHIP_CARRIER.max + 1);
    expect(shipProblems({ carrier: long, tracking_no: 'SF1' })).toEqual({
      carrier: { key: 'shipping.too_long', values: { max: SHIP_CARRIER.max } },
    });
    expect(shipProblems({ carrier: `${'x'.repeat(SHIP_CARRIER.max)}  `, tracking_no: 'SF1' })).toEqual({});
  });
});

describe('pointProblems', () => {
  const point: PointValues = {
    name: { ...emptyLangTextFields(), en_US: 'Shenzhen hall' },
    address: { ...emptyLangTextFields(), zh_CN: '深圳市南山区' },
    country: 'CN',
    province: 'CN-GD',
    hours: '',
    active: true,
  };

  it('passes a point named in one language, without hours', () => {
    expect(pointProblems(point)).toEqual({});
  });

  it('needs a name, an address, a country and a province', () => {
    expect(
      pointProblems({
        ...point,
        name: emptyLangTextFields(),
        address: emptyLangTextFields(),
        country: '',
        province: '',
      }),
    ).toEqual({
      name: 'shipping.required',
      address: 'shipping.required',
      country: 'shipping.required',
      province: 'shipping.required',
    });
  });

  it("refuses a line the format would read as another language's", () => {
    expect(pointProblems({ ...point, address: { ...point.address, en_US: 'Gate 2\nzh_CN:::back door' } })).toEqual({
      address: 'content.tagged_line',
    });
  });
});

describe('stockProblems', () => {
  it("takes a whole number from 0 to the endpoint's bound", () => {
    for (const quantity of ['0', ' 12 ', String(POINT_STOCK_MAX)]) expect(stockProblems({ quantity })).toEqual({});
  });

  it('refuses an empty, negative, fractional or too large quantity, naming the bound', () => {
    for (const quantity of ['', '-1', '2.5', String(POINT_STOCK_MAX + 1), 'many'])
      expect(stockProblems({ quantity })).toEqual({
        quantity: { key: 'shipping.quantity_invalid', values: { max: POINT_STOCK_MAX } },
      });
  });
});
