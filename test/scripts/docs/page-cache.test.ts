import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedPage, pageKey } from '../../../scripts/docs/page-cache.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-contract-page-cache-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Builds a page of `inputs` into `file`, counting the renders. */
function builder(cache = join(dir, 'cache'), kept?: number) {
  const renders: string[] = [];
  const build = (inputs: string[], file: string) => {
    const output = join(dir, file);
    return cachedPage(
      pageKey(inputs),
      output,
      async () => {
        renders.push(inputs.join('+'));
        await writeFile(output, `page of ${inputs.join('+')}`);
      },
      cache,
      kept,
    ).then(() => readFile(output, 'utf8'));
  };
  return { renders, build };
}

describe('a rendered reference page, kept by what it was rendered from', () => {
  it('is rendered once for the same inputs, and copied from the cache after', async () => {
    const { renders, build } = builder();
    expect(await build(['redocly 2', 'v1', 'template'], 'a.html')).toBe(
      'page of redocly 2+v1+template',
    );
    expect(await build(['redocly 2', 'v1', 'template'], 'b.html')).toBe(
      'page of redocly 2+v1+template',
    );
    expect(renders).toEqual(['redocly 2+v1+template']);
  });

  it.each([
    ['another renderer version', ['redocly 3', 'v1', 'template']],
    ['another document', ['redocly 2', 'v0', 'template']],
    ['another template', ['redocly 2', 'v1', 'template with a switcher']],
  ])('is rendered again for %s', async (_, inputs) => {
    const { renders, build } = builder();
    await build(['redocly 2', 'v1', 'template'], 'c.html');
    expect(await build(inputs, 'd.html')).toBe(`page of ${inputs.join('+')}`);
    expect(renders.at(-1)).toBe(inputs.join('+'));
  });

  it('keys the parts apart: moving text between parts is another key', () => {
    expect(pageKey(['ab', 'c'])).not.toBe(pageKey(['a', 'bc']));
  });

  it('leaves no partial file behind in the cache', async () => {
    const { build } = builder();
    await build(['x'], 'e.html');
    const files = await readdir(join(dir, 'cache'));
    expect(files.filter((f) => !f.endsWith('.html'))).toEqual([]);
  });

  it('keeps the most recently used pages, no more than its bound', async () => {
    const cache = join(dir, 'bounded');
    const { renders, build } = builder(cache, 2);
    await build(['old'], 'f.html');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await build(['used'], 'g.html');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await build(['old'], 'h.html'); // a hit: now the most recently used
    await new Promise((resolve) => setTimeout(resolve, 20));
    await build(['new'], 'i.html');
    expect((await readdir(cache)).length).toBe(2);
    await build(['old'], 'j.html');
    await build(['used'], 'k.html');
    expect(renders).toEqual(['old', 'used', 'new', 'used']);
  });
});
