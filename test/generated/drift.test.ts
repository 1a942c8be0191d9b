import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_HEADER } from '../../scripts/build/generated-header.ts';
import { bundleDocuments } from '../../scripts/build/bundle.ts';
import { generateRegistry } from '../../scripts/build/registry.ts';
import { generateSchemas } from '../../scripts/build/schemas.ts';
import { generateTypes } from '../../scripts/build/types.ts';
import { generateValidators } from '../../scripts/build/validators.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { listFiles } from '../../scripts/build/schema-files.ts';

// generated/ is committed: a fresh build from the sources must reproduce it byte for byte.
const committedDir = join(PROJECT_ROOT, 'generated');
const FIX = 'generated/ is out of date: run `npm run build` and commit the result';
let freshDir = '';

beforeAll(async () => {
  freshDir = await mkdtemp(join(tmpdir(), 'service-contract-drift-'));
  await generateRegistry(freshDir);
  await bundleDocuments(freshDir);
  await generateTypes(freshDir);
  await generateValidators(freshDir);
  await generateSchemas(freshDir);
}, 120_000);
afterAll(() => rm(freshDir, { recursive: true, force: true }));

describe('generated/', () => {
  it('holds exactly the files a fresh build writes', () => {
    expect(listFiles(committedDir), FIX).toEqual(listFiles(freshDir));
  });

  it('matches a fresh build byte for byte', async () => {
    for (const path of listFiles(freshDir)) {
      const committed = await readFile(join(committedDir, path), 'utf8').catch(() => '(missing)');
      expect(committed, `${path}: ${FIX}`).toBe(await readFile(join(freshDir, path), 'utf8'));
    }
  });

  it('starts every file with the do-not-edit header', async () => {
    for (const path of listFiles(committedDir)) {
      const head = (await readFile(join(committedDir, path), 'utf8')).slice(0, 200);
      expect(head.includes(GENERATED_HEADER), path).toBe(true);
    }
  });
});
