import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { GENERATED_HEADER } from './generated-header.ts';
import { registryProblems } from './registry-problems.ts';
import type { VersionEntry, VersionRegistry } from '../../src/versions.ts';

/**
 * Writes openapi/versions.yaml as generated/versions.json: the runtime reads the registry from
 * the package it ships in, as JSON, with no YAML parser and nothing from the working directory.
 * `root` is the project whose openapi/versions.yaml is read (a copy's, in the version walk).
 */
export async function generateRegistry(
  generatedDir: string,
  root: string = PROJECT_ROOT,
): Promise<void> {
  const registry = parse(await readFile(join(root, 'openapi', 'versions.yaml'), 'utf8')) as object;
  const problems = registryProblems(registry);
  if (problems.length)
    throw new Error(`openapi/versions.yaml:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  withInstructedChanges((registry as VersionRegistry).versions);
  // The first step of a build from the sources alone, where generated/ does not exist yet.
  await mkdir(generatedDir, { recursive: true });
  await writeFile(
    join(generatedDir, 'versions.json'),
    `${JSON.stringify({ 'x-generated': GENERATED_HEADER, ...registry }, null, 2)}\n`,
  );
}

/**
 * Each instruction's target joins its version's `changes` (the path items and webhooks whose
 * document differs from the previous version's), with the instruction's requirements: declared
 * once, in the instruction.
 */
function withInstructedChanges(versions: Array<Pick<VersionEntry, 'changes' | 'instructions'>>) {
  for (const entry of versions) {
    entry.changes ??= [];
    for (const target of entry.instructions ?? []) {
      const { requirements } = target;
      const same = entry.changes.find(
        (c) => c.path === target.path && c.webhook === target.webhook,
      );
      if (same) same.requirements = [...new Set([...same.requirements, ...requirements])];
      else
        entry.changes.push(
          target.webhook !== undefined
            ? { webhook: target.webhook, requirements }
            : { path: target.path, requirements },
        );
    }
  }
}
