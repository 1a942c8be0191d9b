import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../src/project-root.ts';

// `npm run version:new -- <YYYY-MM-DD>`: the files a new dated version starts from, written from
// the latest one (its registry entry, its root document, its line in redocly.yaml), and the steps
// that remain, printed in order.

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The steps that remain once the scaffold is written, as README "Adding a dated version" lists them. */
export const REMAINING_STEPS = [
  'docs/REQUIREMENTS.md: the VER-01 row lists the new version and names it the latest (the registry is held to that row)',
  'openapi/versions.yaml: say what the version changed (summary, requirements, breaking), and declare each change of a shape (a field renamed, added or removed, enum values renamed) under `instructions`: everything else derives from it',
  "a change of behaviour goes under `gates` (id, requirements, summary): ask since(version, '<gate>') where the reference server and the checks behave by it, and add a fault that runs fromGate/beforeGate (test/conformance/faults/) and an allowed variation where the specification leaves a choice",
  'a change of the documents that is no shape: write openapi/v1/paths/<item>@<date>.yaml or openapi/v1/webhooks/<event>@<date>.yaml, point openapi/v1/<date>/openapi.yaml at it, and list it under `changes`',
  'npm run build, then npm test',
];

/** Where a root, the registry and redocly.yaml are, below `root`. */
const paths = (root: string) => ({
  registry: join(root, 'openapi', 'versions.yaml'),
  redocly: join(root, 'redocly.yaml'),
  rootOf: (version: string) => join(root, 'openapi', 'v1', version, 'openapi.yaml'),
});

/**
 * Writes the new version's registry entry (as the latest, supported, with no changes yet), its
 * root document (the latest's, with its own `info.version`) and its line in redocly.yaml. Refuses
 * a date that is not after the latest, or a version that exists.
 */
export async function scaffoldVersion(date: string, root = PROJECT_ROOT): Promise<string[]> {
  const at = paths(root);
  if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    throw new Error(`a version is a date YYYY-MM-DD, not "${date}"`);
  const registryText = await readFile(at.registry, 'utf8');
  const { latest } = parse(registryText) as { latest: string };
  if (date <= latest) throw new Error(`${date} is not after the latest version, ${latest}`);
  if (existsSync(at.rootOf(date))) throw new Error(`${at.rootOf(date)} exists already`);
  await writeFile(at.registry, withEntry(registryText, latest, date));
  const latestRoot = await readFile(at.rootOf(latest), 'utf8');
  await mkdir(join(root, 'openapi', 'v1', date), { recursive: true });
  // Its own version and summary; the items it refers to stay the latest's until steps 1 and 2.
  await writeFile(
    at.rootOf(date),
    latestRoot
      .replace(`version: '${latest}'`, `version: '${date}'`)
      .replace(`as of dated version ${latest}`, `as of dated version ${date}`),
  );
  const redocly = await readFile(at.redocly, 'utf8');
  await writeFile(at.redocly, withRoot(redocly, latest, date));
  return [at.registry, at.rootOf(date), at.redocly];
}

/** The registry with `latest` moved to `date` and its entry appended, comments kept. */
function withEntry(text: string, latest: string, date: string): string {
  const entry = [
    '',
    `  - version: '${date}'`,
    '    status: supported',
    '    sunset: null',
    `    summary: 'What changed against ${latest}, as the specification''s history says.'`,
    '    requirements: []',
    '    breaking: false',
    '    changes: []',
    '    gates: []',
    '    instructions: []',
    '',
  ].join('\n');
  return `${text.replace(`latest: '${latest}'`, `latest: '${date}'`).trimEnd()}\n${entry}`;
}

/** redocly.yaml with the new root after the latest's. */
function withRoot(text: string, latest: string, date: string): string {
  const line = `  v1@${latest}:\n    root: openapi/v1/${latest}/openapi.yaml\n`;
  if (!text.includes(line)) throw new Error(`redocly.yaml has no root for ${latest}`);
  return text.replace(line, `${line}  v1@${date}:\n    root: openapi/v1/${date}/openapi.yaml\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const date = process.argv[2] ?? '';
  scaffoldVersion(date).then(
    (written) => {
      console.log(`written: ${written.join(', ')}`);
      console.log('then, in order:');
      REMAINING_STEPS.forEach((step, i) => console.log(`  ${i + 1}. ${step}`));
    },
    (error: Error) => {
      console.error(`version:new: ${error.message}`);
      process.exitCode = 2;
    },
  );
}
