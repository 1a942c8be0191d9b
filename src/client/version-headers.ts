/** What a response says about the version that answered it (VER-03, VER-05). */
export interface VersionHeaders {
  /** The version the response was made with. */
  serviceVersion?: string;
  /** Present when that version nears end of life. */
  deprecation?: string;
  /** The shutdown date of that version, when announced. */
  sunset?: string;
}

export function versionHeaders(response: Response): VersionHeaders {
  const read = (name: string) => response.headers.get(name) ?? undefined;
  return {
    serviceVersion: read('Service-Version'),
    deprecation: read('Deprecation'),
    sunset: read('Sunset'),
  };
}
