import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKey, cachedOutput } from '../../../scripts/build/output-cache.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-contract-output-cache-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Builds a page of `inputs` into `file`, counting the renders. */
function builder(cache = join(dir, 'cache'), kept = 24) {
  const renders: string[] = [];
  const build = (inputs: string[], file: string) => {
    const output = join(dir, file);
    return cachedOutput(
      cacheKey(inputs),
      output,
      async () => {
        renders.push(inputs.join('+'));
        await writeFile(output, `page of ${inputs.join('+')}`);
      },
      { dir: cache, kept },
    ).then(() => readFile(output, 'utf8'));
  };
  return { renders, build };
}

describe('an output kept by what it was built from', () => {
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
    expect(cacheKey(['ab', 'c'])).not.toBe(cacheKey(['a', 'bc']));
  });

  it('leaves no partial file behind in the cache', async () => {
    const { build } = builder();
    await build(['x'], 'e.html');
    const files = await readdir(join(dir, 'cache'));
    expect(files.filter((f) => f !== cacheKey(['x']) && !/^[0-9a-f]{64}$/.test(f))).toEqual([]);
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

  // A compiled dist/: a tree, copied whole over whatever the output held (a stale file goes).
  it('keeps a directory, and a hit replaces what the output held', async () => {
    const cache = join(dir, 'trees');
    const compiles: string[] = [];
    const compile = (output: string) => async () => {
      compiles.push(output);
      await mkdir(join(output, 'src'), { recursive: true });
      await writeFile(join(output, 'src', 'index.js'), 'compiled');
    };
    const [first, second] = [join(dir, 'dist-a'), join(dir, 'dist-b')];
    const options = { dir: cache, kept: 4 };
    await cachedOutput(cacheKey(['src v1']), first, compile(first), options);
    await mkdir(second, { recursive: true });
    await writeFile(join(second, 'stale.js'), 'removed module');
    await cachedOutput(cacheKey(['src v1']), second, compile(second), options);
    expect(compiles).toEqual([first]);
    expect(await readdir(second)).toEqual(['src']);
    expect(await readFile(join(second, 'src', 'index.js'), 'utf8')).toBe('compiled');
  });
});
