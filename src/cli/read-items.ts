import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { UsageError } from './exit-codes.js';

/** One thing to validate: a payload, or an example case that says whether it should be valid. */
export interface Item {
  /** Where it came from: `file`, `file:line` for NDJSON, `file[i]` for a list of examples. */
  label: string;
  /** The decoded value, or the reason it could not be decoded. */
  value: { json: unknown } | { problem: string };
  /** Set for a case of the examples' `{description, data, valid}` shape. */
  expect?: { valid: boolean; description?: string };
}

/** A whole JSON document read at once is bounded; NDJSON streams one line at a time. */
const MAX_DOCUMENT_CHARS = 16 * 1024 * 1024;
const MAX_LINE_CHARS = 1024 * 1024;

/**
 * The items of a file (or `-`, standard input). NDJSON when the first non-empty line is a JSON
 * value on its own (each line is then an item, streamed); otherwise the whole input is one JSON
 * document (a payload, an example case or a list of cases).
 */
export async function* readItems(path: string): AsyncGenerator<Item> {
  const name = path === '-' ? '<stdin>' : path;
  const lines = createInterface({ input: openInput(path), crlfDelay: Number.POSITIVE_INFINITY });
  let mode: 'ndjson' | 'document' | undefined;
  const document: string[] = [];
  let length = 0;
  let number = 0;
  let held: { number: number; value: Item['value'] } | undefined;
  let itemLines = 0;
  try {
    for await (const line of lines) {
      number += 1;
      if (mode === 'document') {
        length += line.length + 1;
        if (length > MAX_DOCUMENT_CHARS)
          throw new UsageError(
            `${name} is over ${MAX_DOCUMENT_CHARS} characters; send large inputs as NDJSON, one payload per line`,
          );
        document.push(line);
        continue;
      }
      if (line.trim() === '') continue;
      const tooLong = line.length > MAX_LINE_CHARS;
      const value = tooLong ? undefined : decode(line);
      if (mode === undefined && value === undefined && !tooLong) {
        mode = 'document';
        document.push(line);
        length = line.length + 1;
        continue;
      }
      mode = 'ndjson';
      // Held back one line: a file of a single line is labelled by its name alone.
      if (held) yield* itemsOf(`${name}:${held.number}`, held.value);
      held = {
        number,
        value: value ?? {
          problem: tooLong
            ? `the line is over ${MAX_LINE_CHARS} characters`
            : 'the line is not JSON',
        },
      };
      itemLines += 1;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string') throw new UsageError(`cannot read ${name}: ${code}`);
    throw error;
  }
  if (held) yield* itemsOf(itemLines > 1 ? `${name}:${held.number}` : name, held.value);
  if (mode === 'document')
    yield* itemsOf(
      name,
      decode(document.join('\n')) ?? {
        problem: 'the input is neither one JSON document nor NDJSON',
      },
    );
}

function openInput(path: string): Readable {
  return path === '-' ? process.stdin : createReadStream(path);
}

function decode(text: string): { json: unknown } | undefined {
  try {
    return { json: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

function* itemsOf(label: string, value: Item['value']): Generator<Item> {
  if (!('json' in value)) return yield { label, value };
  const { json } = value;
  if (Array.isArray(json) && json.length > 0 && json.every(isExample)) {
    for (const [index, example] of json.entries()) yield exampleItem(`${label}[${index}]`, example);
    return;
  }
  yield isExample(json) ? exampleItem(label, json) : { label, value };
}

interface Example {
  description?: unknown;
  data: unknown;
  valid: boolean;
}

/** The examples' shape (JSON-Schema-Test-Suite): `{description, data, valid}`. */
function isExample(value: unknown): value is Example {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.hasOwn(value, 'data') && typeof (value as { valid?: unknown }).valid === 'boolean';
}

function exampleItem(label: string, example: Example): Item {
  const description = typeof example.description === 'string' ? example.description : undefined;
  return { label, value: { json: example.data }, expect: { valid: example.valid, description } };
}
