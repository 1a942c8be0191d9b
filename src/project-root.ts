import { fileURLToPath } from 'node:url';

/** The folder holding package.json, openapi/, schemas/ and generated/. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
