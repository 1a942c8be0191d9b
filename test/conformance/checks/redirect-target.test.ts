import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../../src/conformance/oauth/index.ts';
import type { HttpAnswer } from '../../../src/http-answer.ts';

const BASE = 'http://127.0.0.1:4000';
const answer = (status: number, location?: string): HttpAnswer => ({
  status,
  headers: location === undefined ? {} : { location },
  body: undefined,
});

// AUTH-05: the checks compare where a redirect goes part by part, so they read it as a URL.
describe('redirectTarget', () => {
  it('reads an absolute Location of any 3xx', () => {
    expect(redirectTarget(answer(302, 'http://localhost:8080/callback?code=c'), BASE)?.port).toBe(
      '8080',
    );
    expect(redirectTarget(answer(307, 'https://example.test/cb'), BASE)?.protocol).toBe('https:');
  });

  it('resolves a relative Location as a browser does', () => {
    expect(redirectTarget(answer(303, '/callback'), BASE)?.toString()).toBe(`${BASE}/callback`);
  });

  it('is undefined for an answer that is no redirect, or a Location that is no URL', () => {
    expect(redirectTarget(answer(200, 'http://localhost:8080/callback'), BASE)).toBeUndefined();
    expect(redirectTarget(answer(400), BASE)).toBeUndefined();
    expect(redirectTarget(answer(302), BASE)).toBeUndefined();
    expect(redirectTarget(answer(302, 'http://[bad'), BASE)).toBeUndefined();
  });
});
