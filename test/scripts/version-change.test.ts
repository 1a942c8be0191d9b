import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BUILD_STEPS } from '../../scripts/build.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { loadVersionRegistry } from '../../src/versions.ts';

// Adding a dated version, end to end, as README's "Adding a dated version" tells it: in a copy of
// the project, `npm run version:new` scaffolds 2099-01-01, in which the `chat.postEphemeral` answer
// renames `threadTimestamp` to `threadTs` behind a gate `thread-ts`; the edits below are every file
// written by hand; then the build, and the tests that depend on the registry's versions, run green.
// The number of hand-written files is printed (and held to a bound).

const NEW = '2099-01-01';
const previous = loadVersionRegistry().latest;
/** Where postEphemeral's path item was last written: the latest root points at it. */
const latestItem = (): string => {
  const root = parse(
    readFileSync(join(PROJECT_ROOT, 'openapi', 'v1', previous, 'openapi.yaml'), 'utf8'),
  );
  return join('openapi', 'v1', root.paths['/chat.postEphemeral'].$ref.replace('../', ''));
};

interface Edit {
  file: string;
  /** The file's new text from its text in the copy (undefined: a new file). */
  apply: (text: string | undefined) => string;
}

/** Replaces `old` once; a missing anchor fails the test with the file named, never a silent no-op. */
const replace =
  (...pairs: Array<[string | RegExp, string]>) =>
  (text: string | undefined): string =>
    pairs.reduce((t, [old, by]) => {
      if (!(typeof old === 'string' ? t.includes(old) : old.test(t)))
        throw new Error(`the text to change is gone: ${String(old)}`);
      return t.replace(old, by);
    }, text ?? '');
const project = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');
const RESPONSE_SCHEMA = 'schemas/rest/v1/chat-post-ephemeral-response.schema.json';
const RENAMED_SCHEMA = 'schemas/rest/v1/chat-post-ephemeral-response-thread-ts.schema.json';
const RESPONSE_CODES = ['400', '401', '403', '404', '405', '410', '413', '4XX', '500'];
const CHAT = '5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';

const EDITS: Edit[] = [
  {
    // Step 1: what the version changed, and its gate.
    file: 'openapi/versions.yaml',
    apply: replace([
      /( {2}- version: '2099-01-01'\n(?:.*\n)*?) {4}summary: .*\n {4}requirements: \[\]\n {4}breaking: false\n {4}changes: \[\]\n {4}gates: \[\]/,
      `$1    summary: 'The \`chat.postEphemeral\` answer names the thread \`threadTs\` (was \`threadTimestamp\`).'
    requirements: [EPH-01]
    breaking: true
    changes:
      - { path: /chat.postEphemeral, requirements: [EPH-01] }
    gates:
      - id: thread-ts
        requirements: [EPH-01]
        summary: 'The \`chat.postEphemeral\` answer names the thread \`threadTs\` (was \`threadTimestamp\`).'`,
    ]),
  },
  {
    // Step 2: the changed path item, its new schema with its examples, the root pointing at it.
    file: `openapi/v1/${NEW}/openapi.yaml`,
    apply: replace([
      latestItem().replace('openapi/v1/', '../'),
      `../paths/chat.postEphemeral@${NEW}.yaml`,
    ]),
  },
  {
    file: `openapi/v1/paths/chat.postEphemeral@${NEW}.yaml`,
    apply: () =>
      `${project(latestItem()).split('  responses:\n')[0]}  responses:
    '200':
      description: Posted; the thread it was posted into is \`threadTs\` from ${NEW}.
      headers:
        $ref: chat.postEphemeral.yaml#/post/responses/200/headers
      content:
        application/json:
          schema:
            $ref: ../../../${RENAMED_SCHEMA}
          examples:
            plain:
              value: { ok: true, chatId: ${CHAT}, timestamp: 1785312000123456 }
            thread:
              value: { ok: true, chatId: ${CHAT}, timestamp: 1785312000123456, threadTs: 1785311000000001 }
${RESPONSE_CODES.map((code) => `    '${code}':\n      $ref: chat.postEphemeral.yaml#/post/responses/${code}\n`).join('')}`,
  },
  {
    file: RENAMED_SCHEMA,
    apply: () => {
      const schema = JSON.parse(project(RESPONSE_SCHEMA));
      const { threadTimestamp, ...rest } = schema.properties;
      return `${JSON.stringify(
        {
          ...schema,
          title: 'chat-post-ephemeral-response-thread-ts',
          description: `A successful \`chat.postEphemeral\` from ${NEW} (EPH-01): the thread is \`threadTs\`.`,
          properties: { ...rest, threadTs: threadTimestamp },
        },
        null,
        2,
      )}\n`;
    },
  },
  {
    file: 'schemas/rest/v1/chat-post-ephemeral-response-thread-ts.cases.example.json',
    apply: () =>
      `${JSON.stringify(
        [
          {
            description: 'EPH-01: threadTs echoed',
            data: {
              ok: true,
              chatId: CHAT,
              timestamp: 1785312000123456,
              threadTs: 1785312000123455,
            },
            valid: true,
          },
          { description: 'not an object', data: true, valid: false },
          { description: 'EPH-01: missing ok, chatId and timestamp', data: {}, valid: false },
          {
            description: 'every field of the wrong type; ok not true',
            data: { ok: 'true', chatId: 1, timestamp: '1', threadTs: 1.5 },
            valid: false,
          },
        ],
        null,
        2,
      )}\n`,
  },
  {
    // Step 3: the reference server and the check ask the gate.
    file: 'src/reference/handlers/v1-chat-post-ephemeral.ts',
    apply: replace(
      [/^/, "import { since } from '../../versions.js';\n"],
      [
        'export const v1ChatPostEphemeral: Handler = async ({ request, hub, clock }) => {',
        "export const v1ChatPostEphemeral: Handler = async ({ request, hub, clock }) => {\n  const thread = since(request.documentKey, 'thread-ts') ? 'threadTs' : 'threadTimestamp';",
      ],
      ['{ threadTimestamp: body.threadTimestamp }', '{ [thread]: body.threadTimestamp }'],
    ),
  },
  {
    file: 'src/conformance/checks/eph-01-post.ts',
    apply: replace(
      [/^/, "import { since } from '../../versions.js';\n"],
      [
        'const { ok, chatId, timestamp, threadTimestamp } = answer.body ?? {};',
        "const { ok, chatId, timestamp } = answer.body ?? {};\n      const threadTimestamp = answer.body?.[since(context.version, 'thread-ts') ? 'threadTs' : 'threadTimestamp'];",
      ],
    ),
  },
  {
    // Step 4: a fault of the new behaviour, running from the gate on; the fault that drops the
    // thread drops it under either name.
    file: 'test/conformance/fault-catalogue.ts',
    apply: replace(
      [
        '{ ...a, body: { ...body(a), threadTimestamp: undefined } }',
        '{ ...a, body: { ...body(a), threadTimestamp: undefined, threadTs: undefined } }',
      ],
      [
        '  ...DELIVERY_PAYLOAD_FAULTS,',
        `  {
    id: 'thread-answered-under-its-old-name',
    requirement: 'EPH-01',
    versions: fromGate('thread-ts'),
    hooks: () =>
      on('/v1/chat.postEphemeral', (a) => {
        const { threadTs, ...rest } = body(a);
        return threadTs === undefined ? undefined : { ...a, body: { ...rest, threadTimestamp: threadTs } };
      }),
  },
  ...DELIVERY_PAYLOAD_FAULTS,`,
      ],
    ),
  },
  {
    // The specification's own change: VER-01 names the new version, and it is the latest.
    file: 'docs/REQUIREMENTS.md',
    apply: replace([/(\| VER-01 \|.*?)(; latest is )`[\d-]+`/, `$1, \`${NEW}\`$2\`${NEW}\``]),
  },
];

/**
 * Tests whose verdicts depend on the registry's versions (all of each file); VERSION_CHANGE_ALL=1
 * runs every test in the copy instead (many minutes; the copy's own version:new and clone tests
 * then fail, as the version exists and the copy has no history).
 */
const VERSION_TESTS =
  process.env.VERSION_CHANGE_ALL === '1'
    ? []
    : [
        'test/openapi',
        'test/versions.test.ts',
        'test/requirements',
        'test/schemas',
        'test/scripts/derived-examples.test.ts',
        'test/scripts/landing-page.test.ts',
        'test/diff',
        'test/samples',
        'test/reference/lifecycle.test.ts',
        'test/cli/trigger-command.test.ts',
        'test/http/index-page.test.ts',
      ];
/** And the fault catalogue's, where the new version and the new gate show. */
const FAULT_TESTS = ['test/conformance/faults.test.ts', '-t', `${NEW}|thread|every gate|EPH-01`];

const copy = mkdtempSync(join(tmpdir(), 'service-version-change-'));
afterAll(() => {
  if (!process.env.KEEP_VERSION_CHANGE) rmSync(copy, { recursive: true, force: true });
});

const LEFT_OUT = new Set(['node_modules', 'dist', '.git', 'test-results', 'site', '.service-data']);
const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, CI: '1' } });
const npx = (args: string[]) =>
  run(process.execPath, [join(copy, 'node_modules', '.bin', args[0]!), ...args.slice(1)]);

describe(`adding ${NEW} with a renamed answer field and a gate`, () => {
  it('scaffolds, takes the hand-written edits, builds, and the version-dependent tests pass', () => {
    cpSync(PROJECT_ROOT, copy, {
      recursive: true,
      filter: (source) => !LEFT_OUT.has(relative(PROJECT_ROOT, source).split(/[\\/]/)[0]!),
    });
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    execFileSync(
      process.execPath,
      [join(copy, 'node_modules', '.bin', 'tsx'), 'scripts/version-new.ts', NEW],
      { cwd: copy },
    );

    for (const { file, apply } of EDITS) {
      const at = join(copy, file);
      let before: string | undefined;
      try {
        before = readFileSync(at, 'utf8');
      } catch {
        before = undefined;
      }
      writeFileSync(at, apply(before));
    }
    const handWritten = new Set(EDITS.map((e) => e.file));
    console.log(
      `${NEW}: ${handWritten.size} hand-written files:\n  ${[...handWritten].join('\n  ')}`,
    );
    // Eight files of the toolkit, and the requirements' VER-01 row (the specification's change).
    expect(handWritten.size).toBeLessThanOrEqual(9);

    // Tracked, as in a clone: tests that list the repository's files ask git.
    expect(run('git', ['init', '-q']).status).toBe(0);
    expect(run('git', ['add', '-A']).status).toBe(0);
    // The whole build in one process, as `npm run build`: each step prints its time; the first
    // failing one stops it with its reason.
    const build = npx(['tsx', 'scripts/build.ts']);
    expect(build.status, `npm run build\n${build.stdout}\n${build.stderr}`).toBe(0);
    expect(build.stdout).toContain(`build:${BUILD_STEPS.at(-1)![0]}`);
    const built = JSON.parse(readFileSync(join(copy, 'generated', 'versions.json'), 'utf8'));
    expect(built.latest).toBe(NEW);

    for (const args of [VERSION_TESTS, FAULT_TESTS]) {
      const tested = npx(['vitest', 'run', ...args]);
      expect(tested.status, `${args.join(' ')}\n${tested.stdout.slice(-6000)}`).toBe(0);
      expect(tested.stdout).toMatch(/\d+ passed/);
    }
  }, 600_000);
});
