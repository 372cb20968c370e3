import { describe, expect, it } from 'vitest';
import { JSON_BODY_BOUNDS } from '@shared/limits';
import { jsonBoundsProblem } from './json-bounds';

const nestedObjects = (levels: number): unknown => (levels === 1 ? {} : { a: nestedObjects(levels - 1) });
const nestedArrays = (levels: number): unknown => (levels === 1 ? [] : [nestedArrays(levels - 1)]);

describe('jsonBoundsProblem: what no JSON body may hold', () => {
  it(`accepts ${JSON_BODY_BOUNDS.maxDepth} levels of objects or lists and refuses one more, naming where`, () => {
    expect(jsonBoundsProblem(nestedObjects(JSON_BODY_BOUNDS.maxDepth))).toBeUndefined();
    expect(jsonBoundsProblem(nestedArrays(JSON_BODY_BOUNDS.maxDepth))).toBeUndefined();
    expect(jsonBoundsProblem(nestedObjects(JSON_BODY_BOUNDS.maxDepth + 1))).toMatchObject({ field: 'a.a.a.a.a.a.a.a' });
    expect(jsonBoundsProblem({ metadata: nestedArrays(JSON_BODY_BOUNDS.maxDepth) })?.message).toMatch(/^metadata(\.0)* is nested too deeply/);
  });

  it('walks 100,000 levels without exhausting the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(jsonBoundsProblem(deep)?.message).toMatch(/nested too deeply/);
  });

  it('accepts every number in range and refuses what is just outside it', () => {
    for (const n of [0, -0, 1, -1, 0.5, 1e-6, -1e-6, 123.456, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]) {
      expect(jsonBoundsProblem({ n }), String(n)).toBeUndefined();
    }
    for (const n of [Number.MAX_SAFE_INTEGER + 2, -(Number.MAX_SAFE_INTEGER + 2), 1e200, -1e200, 9.9e-7, 1e-200, Infinity, -Infinity, Number.NaN]) {
      expect(jsonBoundsProblem({ deep: [{ n }] }), String(n)).toMatchObject({ field: 'deep.0.n' });
    }
  });

  it('refuses empty keys and keys over the length limit, anywhere', () => {
    expect(jsonBoundsProblem({ '': 1 })).toMatchObject({ field: 'body' });
    expect(jsonBoundsProblem({ a: [{ b: { '': null } }] })).toMatchObject({ field: 'a.0.b' });
    expect(jsonBoundsProblem({ ['k'.repeat(JSON_BODY_BOUNDS.maxKeyLength)]: 1 })).toBeUndefined();
    expect(jsonBoundsProblem({ ['k'.repeat(JSON_BODY_BOUNDS.maxKeyLength + 1)]: 1 })?.message).toMatch(/longer than/);
  });

  it('leaves strings, booleans and null alone', () => {
    expect(jsonBoundsProblem({ s: '1e200', b: true, n: null, list: ['', 'x'] })).toBeUndefined();
  });
});
