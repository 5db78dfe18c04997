import {
  buildLangText,
  emptyLangTextFields,
  parseLangTextFields,
  taggedLineIn,
  type LangTextEdit,
} from '@wallx/shared';
import type { ContentItem, FieldSpec } from './kinds';

/** A form's value of one field: a multi-language text as its languages, a flag, or what was typed. */
export type FormValue = string | boolean | LangTextEdit;
export type FormValues = Record<string, FormValue>;

/** The form of an item (or of a new one: everything empty, the first option chosen). */
export function formValuesOf(fields: readonly FieldSpec[], item: ContentItem | null): FormValues {
  const source = (item ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((field): [string, FormValue] => {
      const value = source[field.name];
      switch (field.type) {
        case 'lang':
          return [
            field.name,
            typeof value === 'string' ? parseLangTextFields(value) : { fields: emptyLangTextFields(), others: [] },
          ];
        case 'bool':
          return [field.name, value === true];
        case 'select':
          return [field.name, typeof value === 'string' ? value : (field.options[0] ?? '')];
        case 'regions':
          return [field.name, Array.isArray(value) ? value.join(', ') : ''];
        default:
          return [field.name, value === undefined || value === null ? '' : String(value)];
      }
    }),
  );
}

export type FormProblem = 'required' | 'tagged_line' | 'number';

/** What the form can tell before sending (the server's checks, naming the field, stay the rule). */
export function problemsOf(
  fields: readonly FieldSpec[],
  values: FormValues,
  isNew: boolean,
): Record<string, FormProblem> {
  const problems: Record<string, FormProblem> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'lang') {
      const texts = Object.values((value as LangTextEdit).fields);
      if (texts.some((text) => taggedLineIn(text) !== null)) problems[field.name] = 'tagged_line';
      else if (!field.isOptional && texts.every((text) => text.trim() === '')) problems[field.name] = 'required';
    } else if (field.type === 'number') {
      const number = Number(value);
      if (String(value).trim() === '' || !Number.isInteger(number) || number < field.min || number > field.max)
        problems[field.name] = 'number';
    } else if ((field.type === 'text' && !field.isOptional) || (field.type === 'key' && isNew)) {
      if (String(value).trim() === '') problems[field.name] = 'required';
    }
  }
  return problems;
}

/** The body the endpoint takes: multi-language texts built (decision 50), numbers as numbers, regions as a list. */
export function inputOf(fields: readonly FieldSpec[], values: FormValues, isNew: boolean): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'lang') {
      const edit = value as LangTextEdit;
      input[field.name] = buildLangText(edit.fields, edit.others);
    } else if (field.type === 'bool') input[field.name] = value === true;
    else if (field.type === 'number') input[field.name] = Number(value);
    else if (field.type === 'regions')
      input[field.name] = String(value)
        .split(/[\s,]+/)
        .filter((code) => code !== '');
    // A key names an article for good: sent when it is made, never in an edit.
    else if (field.type === 'key') {
      if (isNew) input[field.name] = String(value).trim();
    } else input[field.name] = String(value).trim();
  }
  return input;
}
