import { describe, expect, it } from 'vitest';
import { requestTarget } from '../../src/http/request-target.ts';

describe('requestTarget', () => {
  const cases: Array<[string, { given: string | undefined; want: string | undefined }]> = [
    ['a path', { given: '/v1/webhook.list', want: '/v1/webhook.list' }],
    ['a path with a query', { given: '/oauth/authorize?client_id=a', want: '/oauth/authorize' }],
    ['dot segments resolve', { given: '/./v1/../v1/token.info', want: '/v1/token.info' }],
    ['a backslash is no path', { given: '\\', want: undefined }],
    ['a backslash path is no path', { given: '\\v1/webhook.list', want: undefined }],
    ['two slashes name another host', { given: '//evil.example/v1/webhook.list', want: undefined }],
    ['an absolute URL', { given: 'http://evil.example/', want: undefined }],
    ['the asterisk form', { given: '*', want: undefined }],
    ['nothing', { given: undefined, want: undefined }],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect(requestTarget(given)?.pathname).toBe(want);
  });
});
