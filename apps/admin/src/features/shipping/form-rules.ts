import {
  formProblems,
  inventoryInputRules,
  shipInputRules,
  taggedLineIn,
  type Country,
  type FieldMessages,
  type LangTextFields,
} from '@wallx/shared';
import type { Problem, Problems } from '../../lib/use-form';

export type ShipValues = { carrier: string; tracking_no: string };

const shipText: FieldMessages<Problem> = {
  required: 'shipping.required',
  too_long: (rule) => ({ key: 'shipping.too_long', values: { max: rule.maxLength! } }),
};

const withoutGaps = <F extends string>(problems: Record<F, Problem | undefined>): Problems<F> =>
  Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined)) as Problems<F>;

/** The carrier and tracking number as the server takes them (shipInputSchema's rules). */
export function shipProblems(values: ShipValues): Problems<keyof ShipValues> {
  return formProblems(shipInputRules, values, { carrier: shipText, tracking_no: shipText });
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

/** What a point keeps of a product: a whole number within inventoryInputSchema's bounds. */
export function stockProblems(values: StockValues): Problems<keyof StockValues> {
  const invalid = (): Problem => ({
    key: 'shipping.quantity_invalid',
    values: { max: inventoryInputRules.quantity.max },
  });
  const problems = { required: invalid, invalid, too_small: invalid, too_large: invalid };
  return formProblems(inventoryInputRules, values, { quantity: problems });
}
