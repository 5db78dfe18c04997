import {
  langTextParts,
  languages,
  joinProductName,
  type Language,
  type MinerCategory,
  type OperatorProduct,
  type ProductCreate,
  type ProductEdit,
} from '@wallx/shared';

/** The editor's fields as typed (numbers and dates as text until sent). */
export type ProductDraft = {
  names: Record<Language, string>;
  category: MinerCategory;
  price_usdt: string;
  price_wallx: string;
  daily_output: string;
  output_days: string;
  per_user_limit: string;
  stock: string;
  /** datetime-local: 'YYYY-MM-DDTHH:mm' in the operator's clock, or ''. */
  pickup_from: string;
  physical: boolean;
  gift: boolean;
  on_sale: boolean;
  sort: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const emptyDraft = (): ProductDraft => ({
  names: Object.fromEntries(languages.map((language) => [language, ''])) as Record<Language, string>,
  category: 'machine',
  price_usdt: '',
  price_wallx: '',
  daily_output: '',
  output_days: '',
  per_user_limit: '',
  stock: '0',
  pickup_from: '',
  physical: false,
  gift: false,
  // Nothing reaches users before the operator puts it on sale.
  on_sale: false,
  sort: '0',
});

export function draftOf(product: OperatorProduct): ProductDraft {
  const parts = langTextParts(product.name);
  return {
    names: Object.fromEntries(
      languages.map((language) => [language, parts.find((part) => part.tag === language)?.text ?? '']),
    ) as Record<Language, string>,
    category: product.category,
    price_usdt: product.price_usdt ?? '',
    price_wallx: product.price_wallx ?? '',
    daily_output: product.daily_output,
    output_days: String(product.output_days),
    per_user_limit: product.per_user_limit === null ? '' : String(product.per_user_limit),
    stock: String(product.stock),
    pickup_from: toLocalInput(product.pickup_from),
    physical: product.physical,
    gift: product.gift,
    on_sale: product.on_sale,
    sort: String(product.sort),
  };
}

/** Text to a number for the server to judge: an empty or malformed field becomes null, which it refuses by name. */
const whole = (value: string): number =>
  /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : (null as unknown as number);
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function createPayload(draft: ProductDraft): ProductCreate {
  return {
    name: joinProductName(draft.names),
    category: draft.category,
    price_usdt: orNull(draft.price_usdt),
    price_wallx: orNull(draft.price_wallx),
    daily_output: draft.daily_output.trim(),
    output_days: whole(draft.output_days),
    per_user_limit: draft.per_user_limit.trim() === '' ? null : whole(draft.per_user_limit),
    stock: whole(draft.stock),
    pickup_from: draft.pickup_from ? new Date(draft.pickup_from).toISOString() : null,
    physical: draft.physical,
    gift: draft.gift,
    on_sale: draft.on_sale,
    sort: whole(draft.sort),
  };
}

export function editPayload(draft: ProductDraft, version: number): ProductEdit {
  const { stock: _stock, ...fields } = createPayload(draft);
  return { ...fields, version };
}
