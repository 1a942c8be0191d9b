import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutBrowser } from '../support/chromium.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// AUTH-05 in Debian's Chromium: the consent page's headers let the user's own click through (its
// CSP allows the form and the redirect to the client) and stop other sites: a form posted from
// another site lacks the page's SameSite cookie, and the page cannot be framed.
const skip = skipWithoutBrowser();
const reference = useReferenceServer();
const REDIRECT = 'http://localhost:8080/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
let browser: Browser;
let attacker: Server;
/** Another site: `localhost` is not the same site as the reference server's 127.0.0.1. */
let attackerUrl = '';
let attackerPage = '';

beforeAll(async () => {
  if (skip) return;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  attacker = createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(attackerPage),
  );
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
}, 60_000);
afterAll(async () => {
  if (skip) return;
  await browser?.close();
  await new Promise<void>((resolve) => attacker.close(() => resolve()));
});

const authorizeUrl = () =>
  `${reference.server.url}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'client_public', redirect_uri: REDIRECT, state: 'browser-state', code_challenge: CHALLENGE, code_challenge_method: 'S256' })}`;

/** A page whose requests to the client's redirect URI are answered here, and recorded. */
async function browserPage(): Promise<{ page: Page; callbacks: string[] }> {
  const page = await browser.newPage();
  const callbacks: string[] = [];
  await page.route(`${REDIRECT}**`, (route) => {
    callbacks.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/plain', body: 'the client' });
  });
  return { page, callbacks };
}

describe.skipIf(skip)('consent in a browser', () => {
  it('the user presses Allow: the browser goes to the redirect URI with the code and state', async () => {
    const { page, callbacks } = await browserPage();
    await page.goto(authorizeUrl());
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${REDIRECT}**`);
    const location = new URL(callbacks[0]!);
    expect([location.searchParams.get('code'), location.searchParams.get('state')]).toEqual([
      expect.stringMatching(/^code_/),
      'browser-state',
    ]);
    await page.close();
  });

  it("a form posted from another site, even with the page's own token, grants nothing", async () => {
    const { page, callbacks } = await browserPage();
    await page.goto(authorizeUrl());
    const token = await page.locator('input[name=consent_token]').getAttribute('value');
    attackerPage = `<form method="post" action="${reference.server.url}/oauth/consent"><input name="consent_token" value="${token}"><input name="consent" value="allow"></form><script>document.forms[0].submit()</script>`;
    const answer = page.waitForResponse(`${reference.server.url}/oauth/consent`);
    await page.goto(attackerUrl);
    expect([(await answer).status(), callbacks]).toEqual([400, []]);
    await page.close();
  });

  it('another site cannot frame the page', async () => {
    const { page } = await browserPage();
    attackerPage = `<iframe src="${authorizeUrl()}"></iframe>`;
    const framed = page.waitForResponse((r) =>
      r.url().startsWith(`${reference.server.url}/oauth/authorize`),
    );
    await page.goto(attackerUrl);
    await framed;
    await page.waitForTimeout(200);
    const forms = await Promise.all(
      page.frames().map((frame) =>
        frame
          .locator('input[name=consent_token]')
          .count()
          .catch(() => 0),
      ),
    );
    expect(forms.reduce((a, b) => a + b, 0)).toBe(0);
    await page.close();
  });
});
