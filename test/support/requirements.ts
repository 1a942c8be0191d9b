import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.ts';

export type RequirementLayer = 'doc' | 'live' | 'recv';

export interface Requirement {
  id: string;
  rule: string;
  layers: RequirementLayer[];
}

export const REQUIREMENTS_FILE = join(PROJECT_ROOT, 'docs', 'REQUIREMENTS.md');

const ROW = /^\| ([A-Z]+-\d{2}) \| (.+) \| ([a-z, ]+) \|$/;

/** The numbered rules of the requirement catalogue, from its tables. */
export function parseRequirements(markdown: string): Requirement[] {
  return markdown.split('\n').flatMap((line) => {
    const match = ROW.exec(line.trim());
    if (!match) return [];
    const [, id, rule, layers] = match as unknown as [string, string, string, string];
    return [
      { id, rule, layers: layers.split(',').map((layer) => layer.trim() as RequirementLayer) },
    ];
  });
}

export function loadRequirements(file = REQUIREMENTS_FILE): Requirement[] {
  return parseRequirements(readFileSync(file, 'utf8'));
}

/**
 * VER-01's dated versions and its latest, as the requirement states them: the registry must hold
 * exactly these (adding a version is the specification's change first).
 */
export function statedVersions(requirements = loadRequirements()): {
  versions: string[];
  latest: string;
} {
  const rule = requirements.find((r) => r.id === 'VER-01')!.rule;
  const [listed, latest] = rule.split('latest is');
  const dates = (text = '') => [...text.matchAll(/`(\d{4}-\d{2}-\d{2})`/g)].map((m) => m[1]!);
  return { versions: dates(listed), latest: dates(latest)[0]! };
}
