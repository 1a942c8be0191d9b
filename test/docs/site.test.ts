import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs } from '../../scripts/docs.ts';
import { listPages } from '../../scripts/docs/pages.ts';
import { SITE_HEADERS, serveSite } from '../../scripts/docs/site-server.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { listVersions } from '../../src/versions.ts';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutBrowser } from '../support/chromium.ts';

// The docs site as a reader sees it: built from the committed bundles, served on loopback, opened
// in Debian's Chromium. Screenshots are kept in test-results/docs/ as artefacts.
const SHOTS = join(PROJECT_ROOT, 'test-results', 'docs');
const skip = skipWithoutBrowser();
let site = '';
let server: Server;
let browser: Browser;
let page: Page;
let url = '';
const consoleLines: string[] = [];

beforeAll(async () => {
  if (skip) return;
  site = await mkdtemp(join(tmpdir(), 'service-contract-site-'));
  await buildDocs(site);
  server = createServer(serveSite(site));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await mkdir(SHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (message) => consoleLines.push(message.text()));
}, 120_000);

afterAll(async () => {
  if (skip) return;
  await browser?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(site, { recursive: true, force: true });
});

/** The chat.message webhook of the reference page now open, as rendered text. */
async function chatMessageWebhook(): Promise<string> {
  await page.getByText('Webhooks', { exact: true }).first().click();
  await page.getByText('A message was posted').first().click();
  await page.getByText('"eventId"').or(page.getByText('"chatType"')).first().waitFor();
  return page.evaluate(() => document.body.innerText);
}

describe.skipIf(skip)('docs site', () => {
  it('the landing page lists every version, and the changelog the envelope change (VER-08)', async () => {
    await page.goto(`${url}/index.html`);
    const versions = await page
      .locator('#versions tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-version')));
    expect(versions).toEqual(listVersions());
    const release = page.locator('#v2026-07-07');
    await expect(release.textContent()).resolves.toMatch(
      /Event envelope[\s\S]*webhook chat\.message: breaking/,
    );
    await expect(page.locator('#v2026-07-23').textContent()).resolves.toContain(
      'No document changes.',
    );
    await page.screenshot({ path: join(SHOTS, 'landing.png'), fullPage: true });
  });

  it('the changelog says each change in a sentence, with its requirement and the values before and after', async () => {
    await page.goto(`${url}/index.html`);
    const membership = await page.locator('#v2026-08-20').innerText();
    expect(membership).toContain(
      'chat.message deliveries now arrive only for chats the app is a member of (for a personal token: chats its owner is a member of). VER-11 · before: none · after: required',
    );
    const mentions = await page.locator('#v2026-08-07').innerText();
    expect(mentions).toContain(
      'chat.message deliveries now render mentions in message text with groups as <!subteam^uuid> and broadcast as <!channel> (before: groups as <@uuid> and broadcast as <@all>). VER-10 · before: legacy · after: subteam',
    );
    const avatar = await page.locator('#v2026-08-25').innerText();
    expect(avatar).toContain(
      'Requests to POST /chat.postEphemeral now accept sender.imageUrl only as a service-hosted avatar URL; anything else is refused. VER-12',
    );
    const changelog = await page.locator('#changelog').innerText();
    expect(changelog).not.toMatch(/undefined|post\/x-|requestBody\/content/);
    await page
      .locator('#v2026-08-20')
      .screenshot({ path: join(SHOTS, 'changelog-2026-08-20.png') });
    // A requirement ID opens its rule on the requirement list the site publishes.
    await page.locator('#v2026-08-20 a[href="requirements.html#VER-11"]').first().click();
    await page.waitForURL(/requirements\.html#VER-11$/);
    await expect(page.locator('tr#VER-11').innerText()).resolves.toMatch(
      /^VER-11\s+2026-08-20 onwards/,
    );
  });

  it('no page mentions SPEC.md: they speak of the specification and link the requirement list', async () => {
    const files = listPages().map((each) => each.file);
    expect(files).toContain('requirements.html');
    for (const file of files) {
      const html = await (await fetch(`${url}/${file}`)).text();
      expect(html, file).not.toContain('SPEC.md');
    }
    await page.goto(`${url}/v1-2026-08-25.html`);
    await page.getByText('Tokens', { exact: true }).first().click();
    await page.getByText('Inspect the token').first().click();
    const link = page.locator('a[href="requirements.html"]', { hasText: 'the specification' });
    await link.first().waitFor();
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('SPEC.md');
    await link.first().click();
    await page.waitForURL(/requirements\.html$/);
    expect(await page.locator('h1').innerText()).toBe('Requirement catalogue');
  });

  it('switching to 2026-06-01 shows the bare chat.message payload', async () => {
    await page.goto(`${url}/index.html`);
    await page.selectOption('#version-switcher', 'v1-2026-06-01.html');
    await page.waitForURL(/v1-2026-06-01\.html$/);
    const text = await chatMessageWebhook();
    expect(text).toContain('"chatType"');
    expect(text).not.toContain('"eventId"');
    await page.screenshot({ path: join(SHOTS, 'v1-2026-06-01-chat.message.png') });
  });

  it('switching to 2026-07-07 shows the enveloped payload with its apiVersion', async () => {
    await page.selectOption('#version-switcher', 'v1-2026-07-07.html');
    await page.waitForURL(/v1-2026-07-07\.html$/);
    const text = await chatMessageWebhook();
    expect(text).toContain('"eventId"');
    expect(text).toContain('"apiVersion": "2026-07-07"');
    await page.screenshot({ path: join(SHOTS, 'v1-2026-07-07-chat.message.png') });
  });

  it('every page is sent with nosniff, DENY framing and a content security policy, and breaks none of it', async () => {
    for (const path of ['/index.html', '/v1-2026-08-25.html']) {
      const response = await fetch(`${url}${path}`);
      for (const [name, value] of Object.entries(SITE_HEADERS))
        expect(response.headers.get(name), `${path} ${name}`).toBe(value);
    }
    // The one outside load is the reader's logo in Redoc's sidebar footer, from its CDN: blocked,
    // as the policy means it to be. Nothing the pages need (scripts, styles, workers) may be.
    const blocked = consoleLines.filter((line) => /Content Security Policy/i.test(line));
    expect(
      blocked.filter((line) => !/^Loading the image 'https:\/\/cdn\.redoc\.ly\//.test(line)),
    ).toEqual([]);
  });
});
