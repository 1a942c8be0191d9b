import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * The `x-` annotations the sources use. Registering them keeps ajv strict: a misspelt keyword
 * fails compilation instead of being silently ignored.
 */
const ANNOTATION_KEYWORDS = ['x-shape', 'x-pinned-to', 'x-avatar-url', 'x-max-bytes'] as const;

export interface AjvOptions {
  /** Keep `$ref`s as calls, so an error's `schemaPath` stays relative to the file it is in. */
  inlineRefs?: boolean;
  /**
   * Attach the failing schema node to each error (`parentSchema`), to tell which file it belongs
   * to.
   */
  verbose?: boolean;
  /** Keep the generated source, for standalone validator modules. */
  source?: boolean;
  /**
   * Check each schema against the JSON Schema meta-schema before compiling it (the default).
   * Compiling the meta-schema costs about 80 ms per instance, so an instance that only compiles
   * schemas already checked when the package was built turns it off.
   */
  validateSchema?: boolean;
}

/** A strict JSON Schema 2020-12 validator with formats, reporting every error. */
export function createAjv({
  inlineRefs = true,
  verbose = false,
  source = false,
  validateSchema = true,
}: AjvOptions = {}): Ajv2020 {
  // strictRequired is off: chat-message's `if`/`then: {required: [blocks]}` names properties that
  // the enclosing schema declares, which ajv's check cannot see.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    inlineRefs,
    verbose,
    code: { source },
    validateSchema,
  });
  addFormats(ajv);
  ajv.addVocabulary([...ANNOTATION_KEYWORDS]);
  return ajv;
}
