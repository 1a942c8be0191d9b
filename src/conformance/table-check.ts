import type { Check } from './check.js';
import type { CallInput, CheckContext } from './context.js';
import type { Diagnostic, Skip } from './diagnostic.js';
import { type Expected, expectAnswer } from './expect-answer.js';
import { type Need, needCredential } from './needs.js';

/** One request of a table check and the answer the rule wants. */
export interface Case {
  name: string;
  /** The rule the case tests, when not the check's first. */
  requirement?: string;
  call: CallInput;
  expect: Expected;
}

export interface TableCheckSpec {
  id: string;
  requirements: string[];
  title: string;
  /** The credential the cases send, if any. */
  need?: (context: CheckContext) => Need;
  /** The cases, given the credential; a skip when this profile cannot run them. */
  cases: (context: CheckContext, token: string) => Case[] | Skip;
}

/** A check that sends requests and compares each answer's status and error code with the rule's. */
export function tableCheck(spec: TableCheckSpec): Check {
  return {
    id: spec.id,
    requirements: spec.requirements,
    title: spec.title,
    async run(context) {
      let token = '';
      if (spec.need) {
        const need = needCredential(context, spec.need(context));
        if ('skip' in need) return need;
        token = need.token;
      }
      const cases = spec.cases(context, token);
      if (!Array.isArray(cases)) return cases;
      const diagnostics: Diagnostic[] = [];
      for (const c of cases)
        diagnostics.push(
          ...expectAnswer(
            spec.id,
            c.requirement ?? spec.requirements[0]!,
            c.name,
            await context.call(c.call),
            c.expect,
          ),
        );
      return diagnostics;
    },
  };
}
