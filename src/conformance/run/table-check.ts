import type { Check, Skip } from './check.js';
import type { HttpAnswer } from '../../http-answer.js';
import type { CallInput, CheckContext } from './context.js';
import { type Expected, expectAnswer } from './expect-answer.js';
import { type Need, needCredential } from './needs.js';

/** One request of a table check and the answer the rule wants. */
export interface Case {
  name: string;
  /** The rule the case tests, when not the check's first. */
  requirement?: string;
  call: CallInput;
  expect: Expected;
  /**
   * The call that removes what the case made, given its answer (the subscription an accepted
   * maximum created), so a run leaves nothing behind; undefined when there is nothing to remove.
   */
  undo?: (
    answer: HttpAnswer<any>,
    context: CheckContext,
  ) => CallInput | undefined | Promise<CallInput | undefined>;
}

export interface TableCheckSpec extends Omit<Check, 'run'> {
  /** The credential the cases send, if any. */
  need?: (context: CheckContext) => Need;
  /** The cases, given the credential; a skip when this profile cannot run them. */
  cases: (context: CheckContext, token: string) => Case[] | Skip;
}

/** A check that sends requests and compares each answer's status and error code with the rule's. */
export function tableCheck({ need, cases, ...check }: TableCheckSpec): Check {
  return {
    ...check,
    async run(context) {
      let token = '';
      if (need) {
        const needed = needCredential(context, need(context));
        if ('skip' in needed) return needed;
        token = needed.token;
      }
      const table = cases(context, token);
      if (!Array.isArray(table)) return table;
      for (const c of table) {
        const answer = await context.call(c.call);
        expectAnswer(context, c.name, answer, c.expect, c.requirement);
        const undo = await c.undo?.(answer, context);
        if (undo) await context.call(undo);
      }
    },
  };
}
