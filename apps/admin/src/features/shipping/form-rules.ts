import {
  lengthProblem,
  POINT_STOCK_MAX,
  SHIP_CARRIER,
  SHIP_TRACKING_NO,
  taggedLineIn,
  type Country,
  type LangTextFields,
  type LengthRule,
} from '@wallx/shared';
import type { Problem, Problems } from '../../lib/use-form';

export type ShipValues = { carrier: string; tracking_no: string };

function lengthRule(text: string, rule: LengthRule): Problem | undefined {
  const problem = lengthProblem(text, rule);
  if (problem === 'too_short') return 'shipping.required';
  if (problem === 'too_long') return { key: 'shipping.too_long', values: { max: rule.max } };
  return undefined;
}

const withoutGaps = <F extends string>(problems: Record<F, Problem | undefined>): Problems<F> =>
  Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined)) as Problems<F>;

/** The carrier and tracking number as the server takes them (shipInputSchema's bounds, from shared). */
export function shipProblems(values: ShipValues): Problems<keyof ShipValues> {
  return withoutGaps({
    carrier: lengthRule(values.carrier, SHIP_CARRIER),
    tracking_no: lengthRule(values.tracking_no, SHIP_TRACKING_NO),
  });
}

export type PointValues = {
  name: LangTextFields;
  address: LangTextFields;
  country: Country | '';
  province: string;
  hours: string;
  active: boolean;
};

/** A text in some language, and no line the lang-text format would read as another language's. */
function langTextRule(fields: LangTextFields): Problem | undefined {
  const texts = Object.values(fields);
  if (texts.every((text) => text.trim() === '')) return 'shipping.required';
  if (texts.some((text) => taggedLineIn(text))) return 'content.tagged_line';
  return undefined;
}

/** A pick-up point needs a name and an address, a country and a province; hours may be left out. */
export function pointProblems(values: PointValues): Problems<keyof PointValues> {
  return withoutGaps({
    name: langTextRule(values.name),
    address: langTextRule(values.address),
    country: values.country ? undefined : 'shipping.required',
    province: values.province ? undefined : 'shipping.required',
  });
}

export type StockValues = { quantity: string };

/** What a point keeps of a product: a whole number from 0 to POINT_STOCK_MAX (inventoryInputSchema). */
export function stockProblems(values: StockValues): Problems<keyof StockValues> {
  const quantity = values.quantity.trim();
  const value = Number(quantity);
  return quantity === '' || !Number.isInteger(value) || value < 0 || value > POINT_STOCK_MAX
    ? { quantity: { key: 'shipping.quantity_invalid', values: { max: POINT_STOCK_MAX } } }
    : {};
}
