import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import vectorFile from '../fixtures/webhooks/signature-vectors.json' with { type: 'json' };

// What a user gets: the packed tarball installed into a fresh app outside the repository, its
// dependencies from the npm cache or registry, used through plain node, tsc and the CLI.
const run = promisify(execFile);
const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'package');
// The consumer's compiler: TypeScript 7, what `npm install typescript` gives now, and a fifth of 5's
// CPU. How TypeScript 5 resolves the same declarations is attw's to judge, in check:package.
const TSC = join(PROJECT_ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc');
const NPM = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
const pinned = (name: string) => `${name}@${manifest.devDependencies[name]}`;

const work = mkdtempSync(join(tmpdir(), 'service-contract-pack-'));
const apps = { light: join(work, 'light'), full: join(work, 'full') };
let tarball = '';
/** The packed files' paths, from the same pack as the tarball. */
let packedPaths: string[] = [];

async function exec(
  file: string,
  args: string[],
  cwd: string,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

async function npm(args: string[], cwd: string): Promise<string> {
  const result = await exec('npm', [...args, ...NPM], cwd);
  if (result.code !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.output}`);
  return result.output;
}

async function createApp(dir: string, packages: string[]): Promise<void> {
  cpSync(FIXTURES, dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }),
  );
  await npm(['install', tarball, ...packages], dir);
}

/**
 * The app with the engines: a copy of `from` (the same package, installed the same way), then the
 * optional peers installed into it, as a user adds them to an app that has the package. Installing
 * it from nothing extracted the package and its dependencies a second time (6 s of CPU).
 */
async function addEngines(from: string, dir: string, engines: string[]): Promise<void> {
  // cp -a keeps npm's bin links relative (resolved, they would run `from`'s package), and copies a
  // tree of small files in a tenth of the time of node's cpSync.
  await run('cp', ['-a', from, dir]);
  await npm(['install', ...engines], dir);
}

const cli = (app: string, args: string[]) =>
  exec(join(app, 'node_modules', '.bin', 'service-contract'), args, app);

beforeAll(async () => {
  // dist/ is fresh: `npm test` compiles it before the tests run. Packing runs no lifecycle script,
  // so the other test files, which run the CLI from dist/ meanwhile, never see it half rebuilt.
  const packed = JSON.parse(
    await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], PROJECT_ROOT),
  ) as Array<{
    filename: string;
    entryCount: number;
    size: number;
    files: Array<{ path: string }>;
  }>;
  tarball = join(work, packed[0]!.filename);
  packedPaths = packed[0]!.files.map((file) => file.path);
  console.log(
    `package: ${packed[0]!.entryCount} files, ${(packed[0]!.size / 1024).toFixed(0)} KiB packed`,
  );
  const engines = Object.keys(manifest.peerDependencies).map(pinned);
  await createApp(apps.light, [pinned('@types/node')]);
  await addEngines(apps.light, apps.full, engines);
}, 300_000);
// An installed copy is large: removing it on a busy machine takes longer than a hook's default.
afterAll(() => rm(work, { recursive: true, force: true }), 120_000);

describe('the packed package', () => {
  it('ships no tests, CI scripts, build scripts or hand-written sources of the contract', () => {
    const paths = packedPaths;
    expect(
      paths.filter((path) => /^(test|scripts|\.ci|openapi)\/|^tsconfig|^vitest/.test(path)),
    ).toEqual([]);
    expect(paths).toContain('dist/src/index.js');
    expect(paths).toContain('generated/versions.json');
  });
});

describe('the CLI of the installed package', () => {
  const vector = vectorFile.vectors[0]!;
  const cases: Array<[string, { args: (dir: string) => string[]; code: number; says: RegExp }]> = [
    [
      '--help lists every command',
      {
        args: () => ['--help'],
        code: 0,
        says: /validate[\s\S]*verify[\s\S]*diff[\s\S]*mock[\s\S]*proxy[\s\S]*serve[\s\S]*conformance[\s\S]*trigger[\s\S]*listen/,
      },
    ],
    [
      'validate: a valid payload gives 0',
      {
        args: (dir) => ['validate', '--version', '2026-08-25', join(dir, 'payload.json')],
        code: 0,
        says: /1 payload for 2026-08-25: 1 valid, 0 invalid/,
      },
    ],
    [
      'validate: DLV-12 an invalid payload gives 1',
      {
        args: (dir) => ['validate', '--version', '2026-08-25', join(dir, 'stale.json')],
        code: 1,
        says: /apiVersion/,
      },
    ],
    [
      'verify: DLV-03 the pinned vector verifies',
      {
        args: (dir) => [
          'verify',
          '--secret',
          vector.secret,
          '--headers',
          join(dir, 'headers.json'),
          '--body',
          join(dir, 'body.json'),
          '--now',
          String(vector.timestamp),
        ],
        code: 0,
        says: /^verified/,
      },
    ],
    [
      'diff: VER-08 the envelope is breaking',
      {
        args: () => ['diff', '2026-06-01', '2026-07-07'],
        code: 0,
        says: /breaking +webhook chat.message/,
      },
    ],
    [
      'serve without libsql says in one line what to install',
      {
        args: () => ['serve', '--port', '0'],
        code: 1,
        says: /^service-contract serve needs (libsql|undici), an optional dependency that is not installed: npm install libsql@\S+ undici@\S+\n?$/,
      },
    ],
    [
      'mock without Prism says in one line what to install',
      {
        args: () => ['mock', '--port', '0'],
        code: 1,
        says: /^service-contract mock needs @stoplight\/prism-[a-z-]+, an optional dependency that is not installed: npm install @stoplight\/prism-core@\S+ .*\n?$/,
      },
    ],
  ];
  beforeAll(() => {
    const envelope = {
      type: 'chat.message',
      eventId: 'e1',
      timestamp: 1,
      apiVersion: '2026-08-25',
      data: { chatType: 'dm' },
    };
    writeFileSync(join(apps.light, 'payload.json'), JSON.stringify(envelope));
    writeFileSync(
      join(apps.light, 'stale.json'),
      JSON.stringify({ ...envelope, apiVersion: '2026-07-07' }),
    );
    writeFileSync(
      join(apps.light, 'headers.json'),
      JSON.stringify({
        'webhook-id': vector.id,
        'webhook-timestamp': String(vector.timestamp),
        'webhook-signature': vector.expected.header,
      }),
    );
    writeFileSync(join(apps.light, 'body.json'), vector.body);
  });
  it.each(cases)('%s', async (_, { args, code, says }) => {
    const result = await cli(apps.light, args(apps.light));
    expect(result.output).toMatch(says);
    expect(result.code).toBe(code);
  });
});

const LIGHT = [
  'service-contract',
  'service-contract/client',
  'service-contract/webhooks',
  'service-contract/oauth',
];
const TYPES = [
  'service-contract/types',
  'service-contract/types/v1/2026-08-25',
  'service-contract/types/v0',
  'service-contract/types/auth',
];
const DATA = [
  'service-contract/openapi/v1/2026-08-25.json',
  'service-contract/openapi/v0.json',
  'service-contract/openapi/auth.json',
  'service-contract/schemas/v1/2026-08-25/chat.message.schema.json',
  'service-contract/schemas/v0/chat.message.dm.schema.json',
  'service-contract/versions.json',
];
const ENGINES = [
  'service-contract/mock',
  'service-contract/proxy',
  'service-contract/conformance',
  'service-contract/reference',
];
const HEAVY =
  /^(@stoplight\/|@libsql\/|libsql$|fp-ts$|yaml$|typescript$|tsx$|undici$|fast-xml-parser$)/;

async function importAll(
  app: string,
  specifiers: string[],
): Promise<{ exports: Record<string, string[]>; packages: string[] }> {
  const result = await exec(process.execPath, ['import-all.mjs', ...specifiers], app);
  expect(result.code, result.output).toBe(0);
  return JSON.parse(result.output) as { exports: Record<string, string[]>; packages: string[] };
}

describe('importing the installed package from plain node', () => {
  it.each([...LIGHT, ...TYPES])(
    '%s loads no engine, no YAML parser, no TypeScript and no schema compiler',
    async (specifier) => {
      const { packages } = await importAll(apps.light, [specifier]);
      expect(packages.filter((name) => HEAVY.test(name))).toEqual([]);
      expect(packages).not.toContain('ajv');
    },
  );

  it('every subpath imports, with the exports it documents', async () => {
    const { exports } = await importAll(apps.full, [...LIGHT, ...TYPES, ...DATA, ...ENGINES]);
    expect(exports['service-contract/webhooks']).toEqual(
      expect.arrayContaining([
        'verifyAndParseWebhook',
        'createNodeReceiver',
        'createFetchReceiver',
        'signWebhook',
      ]),
    );
    expect(exports['service-contract/client']).toEqual(
      expect.arrayContaining(['createClient', 'errorCode']),
    );
    expect(exports['service-contract/mock']).toContain('startMock');
    expect(exports['service-contract/reference']).toContain('startReference');
    expect(exports['service-contract/conformance']).toContain('runConformance');
    expect(exports['service-contract/openapi/v1/2026-08-25.json']).toContain('webhooks');
    expect(exports['service-contract/schemas/v1/2026-08-25/chat.message.schema.json']).toContain(
      '$defs',
    );
  });

  it('a path outside the exports map is not importable', async () => {
    const result = await exec(
      process.execPath,
      ['import-all.mjs', 'service-contract/dist/src/index.js'],
      apps.light,
    );
    expect(result.output).toMatch(/ERR_PACKAGE_PATH_NOT_EXPORTED/);
  });
});

describe('a strict TypeScript consumer', () => {
  // Under NodeNext skipLibCheck is off, so the package's declarations and those they reach are
  // checked; skipDefaultLibCheck leaves out only TypeScript's own lib files (a third of each run's
  // checking). Under Bundler the same declarations resolve through the same `types` conditions and
  // the consumer is checked against them; checking them a second time (skipLibCheck off there too)
  // found nothing the NodeNext run did not, for 13 s of CPU.
  it.each(['nodenext', 'bundler'])(
    'type-checks under moduleResolution %s without allowImportingTsExtensions',
    async (resolution) => {
      const result = await exec(
        process.execPath,
        [TSC, '-p', `tsconfig.${resolution}.json`],
        apps.light,
      );
      expect(result.output).toBe('');
      expect(result.code).toBe(0);
    },
  );

  it('and tsc reports a real type error in it, so the check can fail', async () => {
    writeFileSync(
      join(apps.light, 'wrong.ts'),
      "import { createClient } from 'service-contract';\ncreateClient({ version: '2019-01-01', baseUrl: '', token: '' });\n",
    );
    // The package's declarations were checked above; here only the consumer's own error counts.
    const result = await exec(
      process.execPath,
      [
        TSC,
        '--strict',
        '--noEmit',
        '--skipLibCheck',
        '--module',
        'nodenext',
        '--types',
        'node',
        'wrong.ts',
      ],
      apps.light,
    );
    expect(result.output).toMatch(/wrong\.ts\(2,[0-9]+\): error TS(2322|2820)/);
  });
});

/** Starts the installed CLI as a server and resolves with the URL it says it listens on. */
function startCli(app: string, args: string[], running: ChildProcess[]): Promise<string> {
  const child = spawn(join(app, 'node_modules', '.bin', 'service-contract'), args, { cwd: app });
  running.push(child);
  return new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+?)[\s,]/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

describe('the webhook loop of the installed package, without the engines', () => {
  const running: ChildProcess[] = [];
  afterAll(() => running.forEach((child) => child.kill()));

  it('trigger --all reaches listen, every delivery verified and answered 204 (DLV-01, DLV-03)', async () => {
    const secret = vectorFile.vectors[0]!.secret;
    const url = await startCli(apps.light, ['listen', '--port', '0', '--secret', secret], running);
    const sent = await cli(apps.light, ['trigger', '--all', '--to', url, '--secret', secret]);
    expect(sent.output).not.toMatch(/-> (?!204)/);
    expect(sent.output).toMatch(/chat\.message .*-> 204/);
    expect(sent.code).toBe(0);
  });
});

describe('the engines, installed as the optional peers', () => {
  const running: ChildProcess[] = [];
  afterAll(() => running.forEach((child) => child.kill()));

  it.each([
    [
      'mock',
      ['mock', '--port', '0'],
      '/v1/webhook.list',
      { authorization: 'Bearer mock-2026-08-25' },
    ],
    [
      'serve',
      ['serve', '--port', '0', '--data', 'service-data'],
      '/v1/webhook.list',
      { authorization: 'Bearer sk-2026-08-25' },
    ],
  ] as const)('%s starts and answers', async (_, args, path, headers) => {
    const url = await startCli(apps.full, [...args], running);
    const response = await fetch(`${url}${path}`, { headers });
    expect(response.status).toBe(200);
  });
});
