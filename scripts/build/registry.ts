import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { GENERATED_HEADER } from './generated-header.ts';
import { registryProblems } from './registry-problems.ts';

/**
 * Writes openapi/versions.yaml as generated/versions.json: the runtime reads the registry from
 * the package it ships in, as JSON, with no YAML parser and nothing from the working directory.
 */
export async function generateRegistry(generatedDir: string): Promise<void> {
  const registry = parse(
    await readFile(join(PROJECT_ROOT, 'openapi', 'versions.yaml'), 'utf8'),
  ) as object;
  const problems = registryProblems(registry);
  if (problems.length)
    throw new Error(`openapi/versions.yaml:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  // The first step of a build from the sources alone, where generated/ does not exist yet.
  await mkdir(generatedDir, { recursive: true });
  await writeFile(
    join(generatedDir, 'versions.json'),
    `${JSON.stringify({ 'x-generated': GENERATED_HEADER, ...registry }, null, 2)}\n`,
  );
}
