import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_STEPS } from '../../scripts/build.ts';
import { generateRegistry } from '../../scripts/build/registry.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';

// A version change, end to end, as README's "Adding a dated version" tells it: in a copy of the
// project, `npm run version:new` scaffolds one new version per kind of change, each change declared
// in openapi/versions.yaml and nowhere else; the edits below are every file written by hand. Then
// the build, the tests that depend on the registry's versions and the fault catalogue at the new
// versions run green, and the hand-written files per kind are printed (and held to a bound). Last,
// each hand-written piece is left out in turn, and a named test must fail saying what is missing.

interface Kind {
  kind: 'webhook-rename' | 'rest-rename' | 'field-addition';
  version: string;
  /** At most this many hand-written files. */
  bound: number;
  summary: string;
  requirements: string[];
  breaking: boolean;
  /** The declaration, as YAML flow mappings. */
  instruction: string;
}

const KINDS: Kind[] = [
  {
    kind: 'webhook-rename',
    version: '2099-01-01',
    bound: 4,
    summary: 'The `chat.message` payload names the message text `messageText` (was `text`).',
    requirements: ['VER-10'],
    breaking: true,
    instruction:
      "{ kind: rename, webhook: chat.message, field: text, to: messageText, requirements: [VER-10], summary: 'The message text is `messageText` (was `text`).' }",
  },
  {
    kind: 'rest-rename',
    version: '2099-02-01',
    bound: 4,
    summary: 'The `chat.postEphemeral` answer names the thread `threadTs` (was `threadTimestamp`).',
    requirements: ['EPH-01'],
    breaking: true,
    instruction:
      "{ kind: rename, path: /chat.postEphemeral, field: threadTimestamp, to: threadTs, requirements: [EPH-01], summary: 'The thread is `threadTs` (was `threadTimestamp`).' }",
  },
  {
    kind: 'field-addition',
    version: '2099-03-01',
    bound: 3,
    summary: 'The `chat.postEphemeral` answer says `ephemeral: true`.',
    requirements: ['EPH-01'],
    breaking: false,
    instruction:
      "{ kind: add, path: /chat.postEphemeral, field: ephemeral, schema: { const: true }, value: { const: true }, requirements: [EPH-01], summary: 'The answer says `ephemeral: true`.' }",
  },
];

/** One hand-written piece: a change to one file, by the kind it belongs to. */
interface Piece {
  kind: Kind['kind'];
  /** What it is, as the omission table names it. */
  piece: string;
  file: string;
  apply: (text: string) => string;
}

/** Replaces `old` once; a missing anchor fails the test with the text named, never a silent no-op. */
const replace = (text: string, old: string | RegExp, by: string): string => {
  if (!(typeof old === 'string' ? text.includes(old) : old.test(text)))
    throw new Error(`the text to change is gone: ${String(old)}`);
  return text.replace(old, by);
};

/** The scaffolded entry of `version`, as version-new writes it. */
const scaffolded = (version: string) =>
  new RegExp(
    `( {2}- version: '${version}'\\n(?:.*\\n)*?) {4}summary: .*\\n {4}requirements: \\[\\]\\n {4}breaking: false\\n {4}changes: \\[\\]\\n {4}gates: \\[\\]\\n {4}instructions: \\[\\]`,
  );

/** The registry entry of a kind: what changed, and the change declared as data. */
const entryPiece = (k: Kind, withInstruction = true): Piece => ({
  kind: k.kind,
  piece: 'the declaration in openapi/versions.yaml',
  file: 'openapi/versions.yaml',
  apply: (text) =>
    replace(
      text,
      scaffolded(k.version),
      `$1    summary: '${k.summary.replaceAll("'", "''")}'
    requirements: [${k.requirements.join(', ')}]
    breaking: ${k.breaking}
    changes: []
    gates: []
    instructions:${withInstruction ? `\n      - ${k.instruction}` : ' []'}`,
    ),
});

/** The specification's own change: VER-01 names the new version. */
const requirementPiece = (k: Kind): Piece => ({
  kind: k.kind,
  piece: 'VER-01 in docs/REQUIREMENTS.md',
  file: 'docs/REQUIREMENTS.md',
  apply: (text) =>
    replace(
      text,
      /(\| VER-01 \|.*?)(; latest is )`[\d-]+`/,
      `$1, \`${k.version}\`$2\`${k.version}\``,
    ),
});

const PIECES: Piece[] = KINDS.flatMap((k) => [entryPiece(k), requirementPiece(k)]);

/**
 * Each piece left out in turn, and the test that must then fail: its file and name, and what its
 * output must say. `build` pieces fail the registry step of the build instead.
 */
interface Omission {
  name: string;
  /** The pieces as written with this one left out or left as scaffolded. */
  pieces: Piece[];
  test?: { file: string; name: string };
  says: string | RegExp;
}
const without = (left: Piece, by?: Piece) =>
  PIECES.flatMap((p) => (p === left ? (by ? [by] : []) : [p]));
const OMISSIONS: Omission[] = [
  ...KINDS.map((k) => ({
    name: `${k.kind}: the declared change`,
    pieces: without(
      PIECES.find((p) => p.kind === k.kind && p.file === 'openapi/versions.yaml')!,
      entryPiece(k, false),
    ),
    test: {
      file: 'test/openapi/registry.test.ts',
      name: 'only a baseline has no changes to declare',
    },
    says: k.version,
  })),
  ...KINDS.map((k) => ({
    name: `${k.kind}: VER-01 naming the version`,
    pieces: without(PIECES.find((p) => p.kind === k.kind && p.file === 'docs/REQUIREMENTS.md')!),
    test: {
      file: 'test/openapi/registry.test.ts',
      name: 'VER-01: lists exactly the dated versions',
    },
    says: k.version,
  })),
  {
    name: "the scaffold's summary left in place",
    pieces: without(PIECES[0]!),
    says: "`summary` is still the scaffold's",
  },
  {
    name: 'the requirement IDs of the change',
    pieces: without(PIECES[0]!, entryPiece({ ...KINDS[0]!, requirements: [] })),
    says: '`requirements` is empty',
  },
];

/**
 * Tests whose verdicts depend on the registry's versions (all of each file); VERSION_CHANGE_ALL=1
 * runs every test in the copy instead (many minutes; the copy's own version:new and clone tests
 * then fail, as the version exists and the copy has no history).
 */
const VERSION_TESTS =
  process.env.VERSION_CHANGE_ALL === '1'
    ? ['test']
    : [
        'test/openapi',
        'test/versions.test.ts',
        'test/version-changes',
        'test/requirements',
        'test/schemas',
        'test/scripts/derived-examples.test.ts',
        'test/scripts/landing-page.test.ts',
        'test/diff',
        'test/samples',
        'test/reference/lifecycle.test.ts',
        'test/cli/trigger-command.test.ts',
        'test/http/index-page.test.ts',
        'test/conformance/receiver-suite/body-forms.test.ts',
      ];
/**
 * The fault catalogue at the new versions (the control, and the faults derived from each change)
 * and the allowed variations derived from each change: their tests of the new versions only.
 */
const DERIVED_TESTS = ['test/conformance/faults.test.ts', 'test/conformance/variations.test.ts'];
const DERIVED_NAMES = '2099-|every gate';

/**
 * Both in one vitest run of the copy, a project each, as the copy's vitest.config.ts runs them
 * otherwise: two runs started vitest and compiled nothing new twice. The derived tests are picked
 * by name in their own project, so the name filter leaves the version-dependent ones whole.
 */
const NESTED_CONFIG = 'vitest.version-walk.config.ts';
const globs = (paths: string[]) => paths.map((p) => (p.endsWith('.ts') ? p : `${p}/**/*.test.ts`));
const nestedConfig = () => `import base from './vitest.config.ts';

const { projects: _, ...test } = base.test ?? {};
export default {
  ...base,
  test: {
    ...test,
    projects: [
      { extends: true, test: { name: 'version-dependent', isolate: false, include: ${JSON.stringify(globs(VERSION_TESTS))} } },
      { extends: true, test: { name: 'derived', isolate: false, include: ${JSON.stringify(DERIVED_TESTS)}, testNamePattern: ${JSON.stringify(DERIVED_NAMES)} } },
    ],
  },
};
`;

const copy = mkdtempSync(join(tmpdir(), 'service-version-change-'));
afterAll(() => {
  if (!process.env.KEEP_VERSION_CHANGE) rmSync(copy, { recursive: true, force: true });
});

const LEFT_OUT = new Set(['node_modules', 'dist', '.git', 'test-results', 'site', '.service-data']);
const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, CI: '1' } });
const npx = (args: string[]) =>
  run(process.execPath, [join(copy, 'node_modules', '.bin', args[0]!), ...args.slice(1)]);

/** The scaffolded files as they were, then `pieces` applied to them, written into the copy. */
const scaffold = new Map<string, string>();
function write(pieces: Piece[]): void {
  const texts = new Map(scaffold);
  for (const { file, apply } of pieces) texts.set(file, apply(texts.get(file)!));
  for (const [file, text] of texts) writeFileSync(join(copy, file), text);
}

describe('a version change of each kind, declared once', () => {
  it('scaffolds, takes the hand-written edits, builds, and the version-dependent tests pass', () => {
    cpSync(PROJECT_ROOT, copy, {
      recursive: true,
      filter: (source) => !LEFT_OUT.has(relative(PROJECT_ROOT, source).split(/[\\/]/)[0]!),
    });
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    for (const { version } of KINDS)
      execFileSync(
        process.execPath,
        [join(copy, 'node_modules', '.bin', 'tsx'), 'scripts/version-new.ts', version],
        { cwd: copy },
      );
    for (const file of new Set(PIECES.map((p) => p.file)))
      scaffold.set(file, readFileSync(join(copy, file), 'utf8'));
    write(PIECES);

    for (const { kind, bound } of KINDS) {
      const files = new Set(PIECES.filter((p) => p.kind === kind).map((p) => p.file));
      console.log(
        `version change ${kind}: ${files.size} hand-written files (${[...files].join(', ')})`,
      );
      expect(files.size, kind).toBeLessThanOrEqual(bound);
    }

    // Tracked, as in a clone: tests that list the repository's files ask git.
    expect(run('git', ['init', '-q']).status).toBe(0);
    expect(run('git', ['add', '-A']).status).toBe(0);
    // The whole build in one process, as `npm run build`: each step prints its time; the first
    // failing one stops it with its reason.
    const build = npx(['tsx', 'scripts/build.ts']);
    expect(build.status, `npm run build\n${build.stdout}\n${build.stderr}`).toBe(0);
    expect(build.stdout).toContain(`build:${BUILD_STEPS.at(-1)![0]}`);
    // Built again with nothing changed, it skips what writes generated/ (#35: a second start).
    const again = npx(['tsx', 'scripts/build.ts']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('generated/ is up to date with its sources');
    expect(again.stdout).not.toContain('build:bundle');
    // The documents of each version derive from the declaration.
    const document = (version: string) =>
      JSON.parse(readFileSync(join(copy, 'generated', 'openapi', 'v1', `${version}.json`), 'utf8'));
    expect(document('2099-01-01').components.schemas['Chat.message'].properties).toHaveProperty(
      'messageText',
    );
    expect(
      document('2099-02-01').components.schemas['Chat-post-ephemeral-response'].properties,
    ).toHaveProperty('threadTs');
    expect(
      document('2099-03-01').components.schemas['Chat-post-ephemeral-response'].required,
    ).toContain('ephemeral');

    // The run shows what it must have run: the derived faults and variations by their ids.
    const SHOWS = [
      /no file of src\/ names both names of a rename/,
      /2099-01-01-rename-text-of-webhook-chat\.message-old-form-after/,
      /2099-02-01-rename-threadTimestamp-of-path-chat\.postEphemeral-new-form-before/,
      /2099-03-01-add-ephemeral-of-path-chat\.postEphemeral-old-form-after/,
      /2099-02-01-rename-threadTimestamp-of-path-chat\.postEphemeral-both-names/,
      /2099-03-01-add-ephemeral-of-path-chat\.postEphemeral-sent-early/,
    ];
    writeFileSync(join(copy, NESTED_CONFIG), nestedConfig());
    const tested = npx(['vitest', 'run', '--reporter=verbose', '-c', NESTED_CONFIG]);
    const failing = tested.stdout.split('\n').filter((line) => /×|FAIL/.test(line));
    expect(tested.status, `${failing.join('\n')}\n${tested.stdout.slice(-6000)}`).toBe(0);
    expect(tested.stdout).toMatch(/[1-9]\d* passed/);
    for (const shown of SHOWS) expect(tested.stdout).toMatch(shown);
  }, 600_000);

  it.each(OMISSIONS.map((o) => [o.name, o] as const))(
    'leaving out %s fails a named test',
    async (_, { pieces, test, says }) => {
      write(pieces);
      // The registry step (what `npm run build:registry` runs) on the copy's files, in this
      // process: the build above ran it as a process already, and a process with a TypeScript
      // loader for each omission cost a second of CPU each.
      const registry = await generateRegistry(join(copy, 'generated'), copy).then(
        () => '',
        (error: Error) => error.message,
      );
      if (!test) return expect(registry).toContain(says);
      expect(registry).toBe('');
      const tested = npx(['vitest', 'run', test.file, '-t', test.name]);
      expect(tested.status, tested.stdout.slice(-3000)).not.toBe(0);
      expect(tested.stdout).toContain(test.name);
      expect(tested.stdout).toMatch(says);
    },
    120_000,
  );
});
