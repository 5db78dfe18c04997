import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, nulFieldOf } from './text-input.js';

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(jsonDepthExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":{"b":{"c":1}}}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[[["}', 3)).toBe(false);
    // Siblings do not add up: depth is nesting, not count.
    expect(jsonDepthExceeds(`[${Array.from({ length: 1_000 }, () => '[[1]]').join(',')}]`, 3)).toBe(false);
  });
});

describe('nulFieldOf', () => {
  it('names the path of the first string with a NUL, in order, and null when there is none', () => {
    expect(nulFieldOf({ title: 'ok', items: [{ name: 'a' }, { name: 'b\u0000' }] })).toBe('items.1.name');
    expect(nulFieldOf({ a: 'x\u0000', b: 'y\u0000' })).toBe('a');
    expect(nulFieldOf('x\u0000')).toBe('body');
    expect(nulFieldOf({ a: ['b', 1, null, { c: true }] })).toBeNull();
    expect(nulFieldOf(undefined)).toBeNull();
  });

  it('walks a deep value without recursion', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulFieldOf(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});
