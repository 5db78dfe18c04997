import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { feedbackRequestSchema } from '../feedback/schemas.js';
import { transferRequestSchema } from '../funds/schemas.js';
import { buyMinerRequestSchema } from '../miners/schemas.js';
import { formSchemas, ruleOf, rulesOf } from './derive-rules.js';
import { fieldProblem, formProblems } from './field-rule.js';
import * as generated from './rules.generated.js';

describe('ruleOf', () => {
  it('reads trim, lengths, pattern and enum values off a schema, through optional, default and transform', () => {
    expect(ruleOf(z.string().trim().min(1).max(20).regex(/^\d+$/))).toEqual({
      trim: true,
      minLength: 1,
      maxLength: 20,
      pattern: /^\d+$/,
    });
    expect(ruleOf(z.enum(['a', 'b']).optional())).toEqual({ optional: true, values: ['a', 'b'] });
    expect(ruleOf(z.number().int().min(1).max(100).default(1))).toEqual({
      number: true,
      integer: true,
      min: 1,
      max: 100,
    });
    expect(
      ruleOf(
        z
          .string()
          .max(42)
          .transform((text) => text.toLowerCase()),
      ),
    ).toEqual({ maxLength: 42 });
    // Another overwrite (toUpperCase) is not a trim.
    expect(ruleOf(z.string().toUpperCase())).toEqual({});
  });

  it('gives every field of an object schema, a refined one too', () => {
    expect(Object.keys(rulesOf(transferRequestSchema))).toEqual(['to', 'asset', 'amount', 'fund_password']);
    expect(rulesOf(feedbackRequestSchema.superRefine(() => {})).title).toEqual(
      ruleOf(feedbackRequestSchema.shape.title),
    );
  });
});

describe('rules.generated.ts', () => {
  it('holds one export per listed schema, equal to what the schema says', () => {
    for (const [name, schema] of Object.entries(formSchemas)) {
      expect(generated[`${name}Rules` as keyof typeof generated], name).toEqual(rulesOf(schema));
    }
  });
});

describe('fieldProblem', () => {
  const rule = ruleOf(
    z
      .string()
      .trim()
      .min(1)
      .max(5)
      .regex(/^[a-z]+$/),
  );

  it('says what the schema would refuse, the missing value first', () => {
    expect(fieldProblem('  ', rule)).toBe('required');
    expect(fieldProblem(' abcdef ', rule)).toBe('too_long');
    expect(fieldProblem('ab1', rule)).toBe('invalid');
    expect(fieldProblem(' abc ', rule)).toBeNull();
    expect(fieldProblem('ab', ruleOf(z.string().min(3)))).toBe('too_short');
    expect(fieldProblem('', ruleOf(z.string().max(3)))).toBeNull();
    expect(fieldProblem('', ruleOf(z.string().min(1).optional()))).toBeNull();
    expect(fieldProblem('C', ruleOf(z.enum(['A', 'B'])))).toBe('invalid');
    expect(fieldProblem('', ruleOf(z.enum(['A', 'B'])))).toBe('required');
  });

  it('reads a number typed as text as the schema would take it once sent as a number', () => {
    const quantity = ruleOf(buyMinerRequestSchema.shape.quantity);
    expect(fieldProblem(' ', quantity)).toBe('required');
    expect(fieldProblem('1.5', quantity)).toBe('invalid');
    expect(fieldProblem('abc', quantity)).toBe('invalid');
    expect(fieldProblem('0', quantity)).toBe('too_small');
    expect(fieldProblem('101', quantity)).toBe('too_large');
    expect(fieldProblem(' 100 ', quantity)).toBeNull();
  });

  it('agrees with the schema on the fields it checks', () => {
    const schema = feedbackRequestSchema.shape.title;
    for (const text of ['', ' ', 'x', ` ${'x'.repeat(100)} `, 'x'.repeat(101)]) {
      expect(fieldProblem(text, ruleOf(schema)) === null, JSON.stringify(text)).toBe(schema.safeParse(text).success);
    }
  });
});

describe('formProblems', () => {
  it('words the problems the form has words for, with the rule at hand, and leaves the others to the server', () => {
    const rules = rulesOf(feedbackRequestSchema);
    const messages = {
      title: { required: 'title_required', too_long: (rule: { maxLength?: number }) => `max ${rule.maxLength}` },
      detail: { required: 'detail_required' },
    };
    expect(formProblems(rules, { title: 'x'.repeat(101), detail: 'y'.repeat(2001) }, messages)).toEqual({
      title: 'max 100',
    });
    expect(formProblems(rules, { title: '', detail: ' ' }, messages)).toEqual({
      title: 'title_required',
      detail: 'detail_required',
    });
  });
});
