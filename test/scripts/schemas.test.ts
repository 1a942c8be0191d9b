import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { payloadSchemaPath } from '../../scripts/build/schemas.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { webhookValidators } from '../../src/webhooks/validators.ts';
import { loadBundles } from '../support/bundles.ts';
import { webhookExamples } from '../support/webhook-examples.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
// What a user of the shipped schemas would do: a stock validator, told only that `x-` keywords are
// annotations (it knows nothing of OpenAPI or of this toolkit).
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));

const cases = loadBundles()
  .filter(({ api }) => api.name !== 'auth')
  .flatMap(({ api, document }) =>
    Object.keys(document.webhooks ?? {}).map(
      (event) => [`${api.name} ${event}`, { api, document, event }] as const,
    ),
  );

describe('generated/schemas: one self-contained JSON Schema per webhook payload', () => {
  it.each(cases)(
    '%s: compiles alone and judges every example as the precompiled validator does',
    (_, { api, document, event }) => {
      const schema = JSON.parse(
        readFileSync(join(PROJECT_ROOT, 'generated', payloadSchemaPath(api, event)), 'utf8'),
      ) as { title: string; $defs: object };
      expect(schema.title).toBe(event);
      expect(JSON.stringify(schema)).not.toContain('#/components/');
      const validate = ajv.compile(schema);
      const precompiled = webhookValidators(api.version ?? 'v0')![event]!;
      const examples = webhookExamples(document, event);
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        expect(validate(example.data), `${example.description}`).toBe(precompiled(example.data));
        expect(validate(example.data), `${example.description}`).toBe(example.valid);
      }
    },
  );
});
