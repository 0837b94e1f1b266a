/**
 * The evidence map places its markers before its outline arrives (africa.json is loaded as a chunk
 * of its own when a map is drawn): the projection it places them with must be the outline's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROJECTION } from '../src/web/catalogue/map.js';

describe('the evidence map', () => {
  it("places markers with africa.json's own projection", () => {
    const outline = JSON.parse(readFileSync(new URL('../src/web/catalogue/africa.json', import.meta.url), 'utf8'));
    const { kind, ...numbers } = outline.projection;
    expect(kind).toBe('equirectangular');
    expect(numbers).toEqual(PROJECTION);
  });
});
