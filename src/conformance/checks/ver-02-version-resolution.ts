import type { Check } from '../check.js';
import { needCredential } from '../needs.js';

/** VER-02: the header, else the credential's pin, else the baseline decides the version. */
export const ver02VersionResolution: Check = {
  requirements: ['VER-02'],
  basis: 'stated',
  title: 'Service-Version header, else the pin, else the baseline',
  async run(context) {
    const { call, credential, version, profile } = context;
    const need = needCredential(context, { pin: version, scopes: ['webhook:read'] });
    if ('skip' in need) return need;
    const pinned = need.token;
    const unpinned = credential({ pin: null, scopes: ['webhook:read'] });
    const other = profile.credentials.find((c) => c.pin && c.pin !== version)?.pin ?? undefined;
    const cases: Array<[string, { token: string; header?: string; want: string }]> = [
      ['the pin without a header', { token: pinned, want: version }],
    ];
    if (other)
      cases.push([
        'the header over the pin',
        {
          token: credential({ pin: other, scopes: ['webhook:read'] }) ?? pinned,
          header: version,
          want: version,
        },
      ]);
    if (unpinned)
      cases.push(['the baseline without pin or header', { token: unpinned, want: '2026-06-01' }]);
    for (const [name, { token, header, want }] of cases) {
      const answer = await call({ path: '/v1/webhook.list', token, version: header });
      const named = answer.headers?.['service-version'];
      if (named !== want)
        context.report({
          message: `${name}: the answer names ${named ?? 'no version'}`,
          expected: want,
          actual: named,
        });
    }
  },
};
