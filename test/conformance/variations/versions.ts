import type { Profile } from '../../../src/conformance/profile/profile.ts';
import { listVersions, loadVersionRegistry } from '../../../src/versions.ts';
import type { WrittenAnswer } from '../../support/answer-rewriter.ts';
import type { Variation } from '../variation-catalogue.ts';
import { answering, bodyOf, headerOf } from './errors.ts';

const { baseline } = loadVersionRegistry();
/** The version a variation deprecates: the second, so the baseline stays as it is. */
const deprecated = listVersions()[1]!;

/** A v1 answer served at `version` (VER-03: it names it), not the refusal of an unsupported one. */
const servedAt = (version: string) => (answer: WrittenAnswer) =>
  headerOf(answer, 'service-version') === version && !('supportedVersions' in bodyOf(answer));

/** The profile's lifecycle with `version` added to `status`: variations compose their profiles. */
const declaring = (status: 'deprecated' | 'sunset', version: string) => (profile: Profile) => {
  const { deprecated = [], sunset = [] } = profile.lifecycle ?? {};
  const lifecycle = {
    deprecated,
    sunset,
    [status]: [...(status === 'sunset' ? sunset : deprecated), version],
  };
  return { ...profile, lifecycle };
};

const withoutHeaders = (answer: WrittenAnswer, names: string[]) =>
  Object.fromEntries(
    Object.entries(answer.headers).filter(([n]) => !names.includes(n.toLowerCase())),
  );

/**
 * Choices about the version lifecycle (VER-05: when a version nears its end, and its end, are the
 * implementation's to decide and its profile's to declare) and the body that lists the supported
 * versions (VER-04: "body lists supported versions", under a field it does not name).
 */
export const VERSION_VARIATIONS: Variation[] = [
  {
    id: 'deprecated-version-declared',
    choice: `${deprecated} is deprecated: its answers carry Deprecation and Sunset, and the profile declares it`,
    requirements: ['VER-05', 'VER-02', 'VER-03', 'VER-04'],
    declare: declaring('deprecated', deprecated),
    hooks: () =>
      answering(servedAt(deprecated), (a) => ({
        ...a,
        headers: { ...a.headers, Deprecation: 'true', Sunset: 'Mon, 01 Mar 2027 00:00:00 GMT' },
      })),
  },
  {
    id: 'baseline-sunset-declared',
    choice: `${baseline} is past its sunset: requests at it answer 410 and the supported list leaves it out; the profile declares it`,
    requirements: [
      'VER-05',
      'VER-02',
      'VER-03',
      'VER-04',
      'AUTH-01',
      'AUTH-02',
      'AUTH-13',
      'SUB-07',
    ],
    declare: declaring('sunset', baseline),
    hooks: () => ({
      answer: (a, e) => {
        if (!e.path.startsWith('/v1/')) return a;
        const listed = bodyOf(a).supportedVersions;
        if (Array.isArray(listed))
          return {
            ...a,
            body: { ...bodyOf(a), supportedVersions: listed.filter((v) => v !== baseline) },
          };
        if (!servedAt(baseline)(a)) return a;
        return {
          status: 410,
          headers: withoutHeaders(a, ['deprecation', 'sunset']),
          body: { error: 'version_retired' },
        };
      },
    }),
  },
  {
    id: 'supported-versions-elsewhere',
    choice:
      "an unsupported Service-Version is answered {error: unsupported_version, versions: [...]}: the list's field is not named",
    requirements: ['VER-04'],
    hooks: () =>
      answering(
        (a) => Array.isArray(bodyOf(a).supportedVersions),
        (a) => ({
          ...a,
          body: { error: 'unsupported_version', versions: bodyOf(a).supportedVersions },
        }),
      ),
  },
];
