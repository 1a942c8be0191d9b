import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHtmlReport } from '../../../src/conformance/report/html-report.ts';
import { replayLines, tokenNote } from '../../../src/conformance/transport/curl-line.ts';
import type { CheckResult } from '../../../src/conformance/runner.ts';
import { diagnostic } from '../../../src/diagnostic.ts';
import { REDACTED } from '../../../src/redact.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { PROJECT_ROOT } from '../../../src/project-root.ts';
import { listVersions } from '../../../src/versions.ts';
import { BIN } from '../../cli/cli-process.ts';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutBrowser } from '../../support/chromium.ts';
import { FAULTS } from '../fault-catalogue.ts';
import { startReferenceWithFaults } from '../fault-injection.ts';

// One run serves every test here: the CLI as a process, every check at every version and the
// generative phase, against a reference server with one fault (VER-03: error answers name no
// version), so the report has check and generated failures to show.
const FAULT = FAULTS.find((f) => f.id === 'no-version-on-errors')!;
const SCALE = { retries: 3600, debounce: 50, failStreak: 43200 };
const MAX_BYTES = 2 * 1024 * 1024;
const skipBrowser = skipWithoutBrowser();

let dir = '';
let server: Awaited<ReturnType<typeof startReferenceWithFaults>>;
let run: { code: number; stdout: string; stderr: string };
let json: any;
let htmlFile = '';
let profile: ReturnType<typeof profileOf>;

function cli(args: string[]): Promise<typeof run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: PROJECT_ROOT, timeout: 110_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

describe('a run of the CLI against a faulty reference server', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'service-html-report-'));
    server = await startReferenceWithFaults(FAULT.hooks(), {
      dataDir: join(dir, 'data'),
      timeScale: SCALE,
    });
    profile = profileOf(server.url, server.workspace, {
      timeScale: SCALE,
      triggerEvents: true,
      allowLocalDestinations: true,
    });
    const profileFile = join(dir, 'profile.json');
    await writeFile(profileFile, JSON.stringify(profile));
    htmlFile = join(dir, 'report.html');
    const jsonFile = join(dir, 'report.json');
    run = await cli([
      'conformance',
      '--profile',
      profileFile,
      '--generate',
      '--max-examples',
      '3',
      '--seed',
      '7',
      '--report',
      `html:${htmlFile}`,
      '--report',
      `json:${jsonFile}`,
    ]);
    json = JSON.parse(await readFile(jsonFile, 'utf8'));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (!process.env.KEEP_HTML) await rm(dir, { recursive: true, force: true });
    else console.log(dir);
  });

  describe('the conformance run behind the reports', () => {
    it('fails on the fault, prints the coverage headline, and the JSON report says what it exercised', () => {
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toMatch(/VER-03 +FAILED/);
      expect(run.stdout).toMatch(
        /^coverage: operations (\d+)\/\1, documented answers \d+\/\d+, events \d+\/\d+$/m,
      );
      expect(run.stdout).toMatch(
        /^stated clauses judged: \d+\/\d+ \(\d+%\); \d+ more no implementation can show from outside$/m,
      );
      expect(run.stdout).toContain(`html report written to ${htmlFile}`);
      expect(json.exercised.answers).toContain('2026-08-25 GET /webhook.list 200');
      expect(json.exercised.events).toContain('2026-08-25 chat.message');
    });

    // #33: a failure's lines replay as printed once TOKEN is set to the credential the note names.
    it("replays the report's curl lines, checks' and generated, and gets the statuses recorded", async () => {
      const exchanges = json.results
        .flatMap((r: CheckResult) => r.diagnostics)
        .flatMap((d: any) => (d.exchange?.request && d.exchange.answer ? [d.exchange] : []))
        // Requests that change nothing: replaying them again gets the same answer.
        .filter((e: any) => e.request.method === 'GET' || e.answer.status >= 400);
      const lines: Array<[string[], number]> = [
        ...exchanges.slice(0, 8).map((e: any) => [replayLines(e.request), e.answer.status]),
        ...json.generated.failures
          .slice(0, 4)
          .map((f: any) => [
            [...(f.credential ? [tokenNote(f.credential)] : []), f.curl],
            status(f),
          ]),
      ];
      expect(exchanges.length).toBeGreaterThan(0);
      expect(json.generated.failures.length).toBeGreaterThan(0);
      for (const [replay, recorded] of lines) {
        const token = tokenOf(replay[0]!);
        const got = await replayStatus(replay.at(-1)!, token);
        expect(got, replay.join('\n')).toBe(recorded);
      }
    });

    it('a full run at every version with the generative phase writes an HTML report under 2 MB', async () => {
      expect(json.versions).toEqual(listVersions());
      expect(json.generated.runs.length).toBeGreaterThan(0);
      const { size } = await stat(htmlFile);
      expect(size).toBeLessThan(MAX_BYTES);
    });
  });

  describe.skipIf(skipBrowser)('the HTML report in Chromium, opened from disk', () => {
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];

    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('request', (r) => {
        if (!r.url().startsWith('file:')) problems.push(`loaded ${r.url()}`);
      });
      await page.goto(pathToFileURL(htmlFile).href);
    }, 60_000);
    afterAll(() => browser?.close());

    it('loads nothing, logs no error and breaks no Content-Security-Policy; its script ran', async () => {
      await expect(page.locator('html').getAttribute('data-ready')).resolves.toBe('yes');
      expect(await page.locator('#verdict').textContent()).toBe('FAILED');
      expect(problems).toEqual([]);
    });

    it("the grid agrees with the JSON report's verdicts, cell by cell", async () => {
      const severity = ['failed', 'not_testable', 'passed', 'not_applicable'];
      const want: string[] = [];
      for (const { requirement, checks } of json.requirements)
        for (const version of new Set<string>(checks.map((c: any) => c.version))) {
          const here = checks.filter((c: any) => c.version === version).map((c: any) => c.verdict);
          want.push(`${requirement} ${version} ${severity.find((s) => here.includes(s))}`);
        }
      const got = await page
        .locator('table.grid td a')
        .evaluateAll((cells) =>
          cells.map((a) => `${a.dataset.requirement} ${a.dataset.version} ${a.dataset.verdict}`),
        );
      expect(got.sort()).toEqual(want.sort());
      expect(want).toContain('VER-03 2026-08-25 failed');
    });

    it('a failed cell opens its failing check in one click: open, in view, with the request, the answer and curl', async () => {
      const cell = page.locator('a[data-requirement="VER-03"][data-version="2026-08-25"]');
      const target = (await cell.getAttribute('href'))!.slice(1);
      await cell.click();
      const result = page.locator(`[id="${target}"]`);
      await page.waitForFunction((id) => location.hash === `#${id}`, target);
      expect(await result.getAttribute('class')).toBe('result');
      expect(await result.getAttribute('data-state')).toBe('failed');
      expect(await result.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      // Its summary is on screen: the click scrolled to it.
      const box = await result.locator('summary').evaluate((s) => {
        const r = s.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, height: window.innerHeight };
      });
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(box.height);
      const request = result.locator('pre.request').first();
      await expect(request.isVisible()).resolves.toBe(true);
      expect(await request.textContent()).toMatch(/^(GET|POST) \/v[01]\//);
      expect(await result.locator('pre.answer').first().textContent()).toMatch(/^4\d\d\b/);
      expect(await result.locator('pre.curl').first().textContent()).toMatch(/^curl -i -X /);
      await result.locator('summary').click();
      expect(await result.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    });

    it('every failed cell leads to a failed check of its requirement at its version', async () => {
      const wrong = await page.locator('#grid td a[data-state="failed"]').evaluateAll((cells) =>
        cells.flatMap((a) => {
          const { requirement, version } = (a as HTMLElement).dataset;
          const to = document.getElementById(a.getAttribute('href')!.slice(1));
          const fits =
            to?.matches('details.result[data-state="failed"]') &&
            to.getAttribute('data-version') === version &&
            document.querySelector(
              `[id="c-${requirement}-${version}"] a[href="#${to.id}"][data-state="failed"]`,
            );
          return fits ? [] : [`${requirement} ${version} -> ${a.getAttribute('href')}`];
        }),
      );
      expect(wrong).toEqual([]);
    });

    it('the grid and the requirement list show the same state for every requirement and version', async () => {
      const cells = await page.locator('#grid td a').evaluateAll((all) =>
        all.map((a) => {
          const { requirement, version, state } = (a as HTMLElement).dataset;
          const line = document.querySelector(`[id="c-${requirement}-${version}"]`);
          return {
            cell: `${requirement} ${version}`,
            grid: `${state} ${a.textContent}`,
            list: `${line?.getAttribute('data-state')} ${line?.querySelector('.tag')?.textContent}`,
          };
        }),
      );
      expect(cells.length).toBeGreaterThan(100);
      const disagree = cells.filter(({ grid, list }) => grid !== list);
      expect(disagree).toEqual([]);
      // A requirement's own tag is its row's worst cell, in the grid's words.
      const order = ['failed', 'untestable', 'warning', 'passed', 'n/a'];
      const rows = await page.locator('#grid tbody tr').evaluateAll((all) =>
        all.map((tr) => ({
          requirement: tr.querySelector('th')!.textContent!,
          cells: [...tr.querySelectorAll('td a')].map((a) => a.textContent!),
          list: document.querySelector(
            `[id="q-${tr.querySelector('th')!.textContent}"] > summary .tag`,
          )?.textContent,
        })),
      );
      const wrongRows = rows.filter(
        (row) => row.list !== order.find((label) => row.cells.includes(label)),
      );
      expect(wrongRows).toEqual([]);
    });

    it('a generated failure shows its seed, its shrunk case and a curl line without the credential', async () => {
      const failure = page.locator('details.generated').first();
      await failure.locator('summary').click();
      expect(await failure.textContent()).toContain('seed 7');
      const curl = (await failure.locator('pre.curl').first().textContent())!;
      // What TOKEN stands for, then the line that replays the case.
      expect(curl).toMatch(/^# TOKEN: credentials\[\d+\] of the profile \(.*\)\ncurl -i -X /);
      for (const token of Object.keys(server.workspace.tokens)) expect(curl).not.toContain(token);
      expect(curl).toContain('$TOKEN');
    });

    it('the failed filter hides all that did not fail: checks, requirements, their lines, grid rows and cells', async () => {
      const failedRequirements = json.requirements
        .filter((r: any) => r.verdict === 'failed')
        .map((r: any) => r.requirement);
      expect(failedRequirements.length).toBeGreaterThan(0);
      await page.locator('button[data-filter="failed"]').click();
      const shown = () =>
        page.evaluate(() => {
          const visible = (selector: string) =>
            [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length);
          const states = (selector: string, attribute = 'data-state') =>
            // A list, not a Set: what evaluate returns must be plain JSON.
            [...new Set(visible(selector).map((e) => e.getAttribute(attribute)))].sort();
          return {
            results: states('#checks details.result'),
            generated: states('#generated details.result'),
            rows: visible('#grid tbody tr').map((tr) => tr.querySelector('th')!.textContent),
            cells: states('#grid td a'),
            requirements: visible('#requirements details.requirement').map((d) =>
              d.getAttribute('data-requirement'),
            ),
            sections: states('#requirements details.requirement', 'data-state-shown'),
            lines: states('#requirements li'),
            links: states('#requirements li a'),
            versions: visible('#checks div.version').length,
          };
        });
      const failed = await shown();
      expect(failed.results).toEqual(['failed']);
      expect(failed.generated).toEqual(['failed']);
      expect(failed.rows).toEqual(failedRequirements);
      expect(failed.cells).toEqual(['failed']);
      expect(failed.requirements).toEqual(failedRequirements);
      expect(failed.sections).toEqual(['failed']);
      expect(failed.lines).toEqual(['failed']);
      expect(failed.links).toEqual(['failed']);
      expect(failed.versions).toBeGreaterThan(0);
      await page.locator('button[data-filter="all"]').click();
      const all = await shown();
      expect(all.rows).toHaveLength(json.requirements.length);
      expect(all.cells).toContain('passed');
      expect(all.requirements).toHaveLength(json.requirements.length);
    });

    it('under a filter, a link to what it hides brings back the full page', async () => {
      await page.locator('button[data-filter="failed"]').click();
      const passed = json.requirements.find((r: any) => r.verdict === 'passed').requirement;
      await page.evaluate((id) => {
        location.hash = `q-${id}`;
      }, passed);
      await page.waitForFunction(() => document.body.getAttribute('data-filter') === 'all', null, {
        timeout: 5000,
      });
      await expect(page.locator(`[id="q-${passed}"]`).isVisible()).resolves.toBe(true);
      expect(await page.locator('button[data-filter="all"]').getAttribute('aria-pressed')).toBe(
        'true',
      );
    });

    it('shows the API coverage: per version, operations and documented answers, events, and what was never exercised', async () => {
      const coverage = page.locator('#coverage');
      expect(await coverage.locator('[data-coverage="operations"]').textContent()).toMatch(
        /^(\d+)\/\1$/,
      );
      await page.locator('[id="cov-2026-08-25"] > summary').click();
      expect(await page.locator('[id="cov-2026-08-25"]').textContent()).toContain(
        'GET /webhook.list',
      );
      expect(await page.locator('#never').count()).toBe(1);
      expect(await page.locator('#clauses-judged').textContent()).toMatch(
        /^stated clauses judged: /,
      );
      await page.locator('#clauses-not-judged > summary').click();
      // A clause no check judges is listed with its gap.
      const notJudged = (await page.locator('#clauses-not-judged').textContent()) ?? '';
      expect(notJudged).toMatch(/no check judges it \(not-sent\)/);
      expect(problems).toEqual([]);
    });
  });
});

describe('toHtmlReport, a pure function of the report', () => {
  const RUN = {
    profile: 'p.json',
    versions: ['2026-08-25'],
    startedAt: '2026-11-21T00:00:00Z',
    durationMs: 5,
  };
  const HOSTILE = '</script><img src=x onerror=alert(1)>"\'';
  const base = {
    title: 't',
    version: '2026-08-25',
    requirements: ['VER-03'],
    durationMs: 1,
  };
  const results: CheckResult[] = [
    {
      ...base,
      check: `c${HOSTILE}`,
      status: 'failed',
      diagnostics: [
        diagnostic(`c${HOSTILE}`, `message ${HOSTILE}`, {
          requirement: 'VER-03',
          expected: HOSTILE,
          exchange: {
            request: {
              method: 'POST',
              path: `/v1/chat.postEphemeral?q=${HOSTILE}`,
              headers: { authorization: `Bearer ${REDACTED}` },
              body: `{"text":"it's"}`,
            },
            answer: { status: 400, body: { text: HOSTILE, long: 'x'.repeat(1_000_000) } },
          },
        }),
      ],
    },
    {
      ...base,
      check: 'warned',
      status: 'passed',
      diagnostics: Array.from({ length: 100 }, (_, i) =>
        diagnostic('warned', `w${i}`, { severity: 'warning' }),
      ),
    },
  ];
  const html = toHtmlReport({ results, run: RUN });

  it('shows what the implementation answered as text, never as markup', () => {
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&quot;&#39;');
  });

  it('allows exactly its own style sheet and script by their hashes', () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
    expect(policy.replaceAll('&#39;', "'").split('; ')).toEqual([
      "default-src 'none'",
      `style-src ${hash(style)}`,
      `script-src ${hash(script)}`,
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('bounds what it embeds: long answers cut, a pass shows a few of its warnings', () => {
    expect(html.length).toBeLessThan(50_000);
    expect(html).toMatch(/\.\.\. \(\d+ more characters\)/);
    expect(html).toContain('w4');
    expect(html).not.toContain('w5<');
    expect(html).toContain('95 more in the JSON report');
  });

  it('replaces a credential in the curl line with $TOKEN, and says when coverage was not recorded', () => {
    expect(html).toContain(`-H &#39;authorization: Bearer &#39;&quot;$TOKEN&quot;`);
    expect(html).toContain('coverage: not recorded in this report');
  });
});

/** Results of one requirement: a check's status at a version, with a warning if `warned`. */
const resultOf =
  (requirement: string) =>
  (check: string, version: string, status: CheckResult['status'], warned = false): CheckResult => ({
    check,
    title: check,
    version,
    requirements: [requirement],
    status,
    diagnostics: warned ? [diagnostic(check, 'w', { severity: 'warning' })] : [],
    durationMs: 1,
  });

describe('the grid', () => {
  const result = resultOf('SUB-01');
  const cases: Array<[string, { given: CheckResult[]; want: string }]> = [
    [
      'a failure outweighs an untestable check',
      {
        given: [result('a', 'v', 'not_testable'), result('b', 'v', 'failed')],
        want: 'failed failed',
      },
    ],
    [
      'an untestable check outweighs a pass',
      {
        given: [result('a', 'v', 'passed'), result('b', 'v', 'not_testable')],
        want: 'not_testable not_testable',
      },
    ],
    [
      'a pass with a warning is a warning cell',
      { given: [result('a', 'v', 'passed', true)], want: 'passed warning' },
    ],
    [
      'not applicable alone',
      {
        given: [result('a', 'v', 'not_applicable'), result('b', 'w', 'failed')],
        want: 'not_applicable not_applicable',
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    const html = toHtmlReport({
      results: given,
      run: { profile: 'p', versions: ['v'], startedAt: '', durationMs: 0 },
    });
    const cell = /data-version="v" data-verdict="(\w+)" data-state="(\w+)"/.exec(html)!;
    expect(`${cell[1]} ${cell[2]}`).toBe(want);
  });
});

describe('the grid and the requirement list, drawn from one model', () => {
  const result = resultOf('AUTH-10');
  const RUN = { profile: 'p', versions: ['v1', 'v2'], startedAt: '', durationMs: 0 };
  /** `version grid-state list-state` for each cell, and the requirement's own tag. */
  function states(html: string) {
    const grid = new Map(
      [
        ...html.matchAll(
          /data-version="([^"]+)" data-verdict="\w+" data-state="(\w+)"[^>]*>([^<]+)</g,
        ),
      ].map(([, version, state, label]) => [version!, `${state} ${label}`]),
    );
    const list = new Map(
      [
        ...html.matchAll(
          /<li id="[^"]+" data-requirement="AUTH-10" data-version="([^"]+)" data-state="(\w+)"><span class="tag s-\w+"[^>]*>([^<]+)</g,
        ),
      ].map(([, version, state, label]) => [version!, `${state} ${label}`]),
    );
    const cells = [...new Set([...grid.keys(), ...list.keys()])].map(
      (version) => `${version} ${grid.get(version)} | ${list.get(version)}`,
    );
    const requirement = /<summary><span class="tag s-(\w+)"[^>]*>[^<]+<\/span> AUTH-10</.exec(
      html,
    )![1];
    return { cells, requirement };
  }
  const cases: Array<
    [string, { given: CheckResult[]; want: { cells: string[]; requirement: string } }]
  > = [
    [
      'a pass with a warning at one version: the list says warning where the grid does (AUTH-10)',
      {
        given: [
          result('auth-10-metadata', 'v1', 'passed'),
          result('auth-10-metadata', 'v2', 'passed', true),
        ],
        want: {
          cells: ['v1 passed passed | passed passed', 'v2 warning warning | warning warning'],
          requirement: 'warning',
        },
      },
    ],
    [
      'a failure at one version outweighs a warning at another',
      {
        given: [result('a', 'v1', 'failed'), result('a', 'v2', 'passed', true)],
        want: {
          cells: ['v1 failed failed | failed failed', 'v2 warning warning | warning warning'],
          requirement: 'failed',
        },
      },
    ],
    [
      'a warned pass beside a failure in one cell is a failed cell',
      {
        given: [result('a', 'v1', 'passed', true), result('b', 'v1', 'failed')],
        want: { cells: ['v1 failed failed | failed failed'], requirement: 'failed' },
      },
    ],
    [
      'untestable beside a warned pass',
      {
        given: [result('a', 'v1', 'passed', true), result('b', 'v2', 'not_testable')],
        want: {
          cells: [
            'v1 warning warning | warning warning',
            'v2 not_testable untestable | not_testable untestable',
          ],
          requirement: 'not_testable',
        },
      },
    ],
    [
      'not applicable and a clean pass',
      {
        given: [result('a', 'v1', 'not_applicable'), result('a', 'v2', 'passed')],
        want: {
          cells: ['v1 not_applicable n/a | not_applicable n/a', 'v2 passed passed | passed passed'],
          requirement: 'passed',
        },
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect(states(toHtmlReport({ results: given, run: RUN }))).toEqual(want);
  });

  it('a failed or warned cell links to the result that made it so; a clean one to its list line', () => {
    const html = toHtmlReport({
      results: [
        result('a', 'v1', 'passed'),
        result('b', 'v1', 'failed'),
        result('c', 'v2', 'passed', true),
        result('d', 'v2', 'passed'),
      ],
      run: RUN,
    });
    const links = [
      ...html.matchAll(
        /<td><a [^>]*href="#([^"]+)" data-requirement="AUTH-10" data-version="(\w+)"/g,
      ),
    ].map(([, href, version]) => `${version} ${href}`);
    const idOf = (check: string) =>
      new RegExp(
        `<details class="result" id="([^"]+)" data-state="\\w+" data-check="${check}"`,
      ).exec(html)![1];
    expect(links).toEqual([`v1 ${idOf('b')}`, `v2 ${idOf('c')}`]);
    const clean = toHtmlReport({ results: [result('a', 'v1', 'passed')], run: RUN });
    expect(clean).toContain('href="#c-AUTH-10-v1" data-requirement="AUTH-10"');
  });

  it('marks every row, requirement and version of checks with the states it holds, for the filters', () => {
    const html = toHtmlReport({
      results: [result('a', 'v1', 'failed'), result('b', 'v2', 'passed', true)],
      run: RUN,
    });
    expect(html).toContain('<tr data-states="failed warning">');
    expect(html).toMatch(
      /<details class="requirement" id="q-AUTH-10" [^>]*data-states="failed warning"/,
    );
    expect(html).toContain('<div class="version" data-states="failed">');
    expect(html).toContain('<div class="version" data-states="warning">');
  });
});

describe('the page when everything fails', () => {
  it('stays under 2 MB, pointing to the JSON report for what it leaves out', () => {
    const big = { text: 'x'.repeat(2000) };
    const findings = Array.from({ length: 40 }, (_, i) =>
      diagnostic('c', `finding ${i}`, {
        expected: big,
        actual: big,
        exchange: {
          request: { method: 'POST', path: '/v1/chat.postEphemeral', body: 'y'.repeat(300) },
          answer: { status: 500, body: big },
        },
      }),
    );
    const results: CheckResult[] = Array.from({ length: 600 }, (_, i) => ({
      check: `c${i}`,
      title: 'c',
      version: listVersions()[i % 6]!,
      requirements: [`SUB-${i % 60}`],
      status: 'failed',
      diagnostics: findings,
      durationMs: 1,
    }));
    const failure = {
      version: '2026-08-25',
      operation: 'POST /v1/chat.postEphemeral',
      signature: 's',
      severity: 'error' as const,
      occurrences: 1,
      firstCase: 0,
      seed: 1,
      path: '0',
      shrinks: 0,
      reproduced: true,
      case: {
        kind: 'valid' as const,
        method: 'POST',
        path: '/v1/x',
        headers: {},
        body: 'z'.repeat(5000),
      },
      curl: `curl ${'z'.repeat(5000)}`,
      findings: findings.slice(0, 3),
    };
    const generated = {
      seed: 1,
      maxExamples: 1,
      maxTimeMs: 1,
      runs: [],
      failures: Array.from({ length: 500 }, () => failure),
      warnings: [],
      deliveries: [],
      results: [],
    };
    const html = toHtmlReport({
      results,
      run: { profile: 'p', versions: listVersions(), startedAt: '', durationMs: 0 },
      generated,
    });
    expect(Buffer.byteLength(html)).toBeLessThan(2 * 1024 * 1024);
    expect(html).toContain('its values and exchange: in the JSON report');
    expect(html).toContain('400 more in the JSON report');
  });
});

/** The status a generated failure's shrunk case got, from its findings' exchange. */
function status(failure: any): number {
  return failure.findings.find((d: any) => d.exchange?.answer)?.exchange.answer.status;
}

/** The token a replay's note names (`credentials[i] of the profile`), if it has one. */
function tokenOf(first: string): string | undefined {
  const index = /^# TOKEN: credentials\[(\d+)\]/.exec(first)?.[1];
  return index === undefined ? undefined : profile.credentials[Number(index)]!.token;
}

/** Runs a curl line with bash as printed, TOKEN and BASE_URL set; the status it got. */
function replayStatus(line: string, token: string | undefined): Promise<number> {
  return new Promise((resolve, reject) =>
    execFile(
      'bash',
      ['-c', `${line.replace(/^curl -i /, 'curl -s -o /dev/null -w %{http_code} ')}`],
      { env: { ...process.env, TOKEN: token ?? '', BASE_URL: server.url }, timeout: 20_000 },
      (error, stdout) => (error ? reject(error) : resolve(Number(stdout))),
    ),
  );
}
