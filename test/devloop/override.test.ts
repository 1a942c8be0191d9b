import { describe, expect, it } from 'vitest';
import { applyOverride, parseOverride } from '../../src/devloop/override.ts';

describe('parseOverride', () => {
  it.each([
    ['/data/chatType=group', ['data', 'chatType'], 'group'],
    ['/data/count=3', ['data', 'count'], 3],
    ['/data/text="3"', ['data', 'text'], '3'],
    ['/data/flag=true', ['data', 'flag'], true],
    ['/data/obj={"a":[1]}', ['data', 'obj'], { a: [1] }],
    ['/data/text=a=b', ['data', 'text'], 'a=b'],
    ['/a~1b/c~0d=x', ['a/b', 'c~d'], 'x'],
    ['/data/text=', ['data', 'text'], ''],
  ])('reads %s', (text, segments, value) => {
    expect(parseOverride(text)).toMatchObject({ segments, value });
  });

  it.each([
    ['data.chatType=dm', /JSON Pointer: it starts with \//],
    ['/data/chatType', /is not <pointer>=<value>/],
    [`${'/a'.repeat(33)}=1`, /deeper than 32/],
  ])('refuses %s', (text, problem) => {
    expect((parseOverride(text) as { problem: string }).problem).toMatch(problem);
  });
});

describe('applyOverride', () => {
  const target = { version: '2026-08-25' as const, event: 'chat.message' };
  const message = () => ({
    type: 'chat.message',
    data: { chatType: 'dm', text: 'Hi', mentions: [{ id: 'U-1' }] },
  });

  it.each([
    ['/data/chatType=group', { chatType: 'group' }],
    ['/data/mentions/0={"id":"U-2"}', { mentions: [{ id: 'U-2' }] }],
  ])('sets %s', (text, data) => {
    const payload = message();
    expect(applyOverride(payload, parseOverride(text) as never, target)).toBeUndefined();
    expect(payload.data).toMatchObject(data);
  });

  it('adds a field the example leaves out when the schema names it', () => {
    const payload = message();
    expect(
      applyOverride(payload, parseOverride('/eventId=evt_2') as never, target),
    ).toBeUndefined();
    expect(payload).toMatchObject({ eventId: 'evt_2' });
  });

  it('sets __proto__ as a field, never as the prototype', () => {
    const payload = JSON.parse('{"data":{"__proto__":{"x":1}}}') as { data: object };
    const result = applyOverride(
      payload,
      parseOverride('/data/__proto__={"polluted":true}') as never,
      target,
    );
    expect(result).toBeUndefined();
    expect(Object.getPrototypeOf(payload.data)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it.each([
    ['/data/nope=1', /no such field and the chat\.message schema \(2026-08-25\) does not name one/],
    ['/nope/deeper=1', /\/nope is not in the payload/],
    ['/data/mentions/5=1', /index 5 is not in the array \(1 items\)/],
    ['/data/mentions/x=1', /index x is not in the array/],
    ['/type/deeper=1', /its parent is not an object or array/],
  ])('refuses %s', (text, problem) => {
    expect(applyOverride(message(), parseOverride(text) as never, target)).toMatch(problem);
  });
});
