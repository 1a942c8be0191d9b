// Consent pages, read as a browser reads them.
import { XMLParser } from 'fast-xml-parser';

/**
 * A form of a consent page: where it goes and the fields a browser would send without the user's
 * choice.
 */
export interface ConsentForm {
  action?: string;
  method: string;
  fields: Array<[string, string]>;
}

/**
 * HTML as fast-xml-parser reads it: elements in order, attributes under `:@`, void elements
 * unpaired.
 */
const HTML = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: true,
  htmlEntities: true,
  preserveOrder: true,
  unpairedTags: [
    'meta',
    'input',
    'br',
    'hr',
    'img',
    'link',
    'base',
    'col',
    'wbr',
    'source',
    'area',
    'embed',
    'track',
  ],
});
type HtmlNode = Record<string, unknown>;

const tagOf = (node: HtmlNode) => Object.keys(node).find((key) => key !== ':@');
const childrenOf = (node: HtmlNode): HtmlNode[] => {
  const children = node[tagOf(node) ?? ''];
  return Array.isArray(children) ? (children as HtmlNode[]) : [];
};
/** An attribute's text; attribute names are the page's, so only the element's own are read. */
function attribute(node: HtmlNode, name: string): string | undefined {
  const attributes = node[':@'];
  if (typeof attributes !== 'object' || attributes === null || !Object.hasOwn(attributes, name))
    return undefined;
  const value = (attributes as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : value === true ? '' : undefined;
}
/** The text inside an element (a `<textarea>`'s value, an `<option>`'s label). */
const textOf = (node: HtmlNode): string =>
  childrenOf(node)
    .map((child) => (typeof child['#text'] === 'string' ? child['#text'] : textOf(child)))
    .join('');

/** Every element named `tag` below `nodes`, in document order, not looking inside a match. */
function elements(nodes: HtmlNode[], tag: string): HtmlNode[] {
  return nodes.flatMap((node) => (tagOf(node) === tag ? [node] : elements(childrenOf(node), tag)));
}

/** The names of the controls in a form a user can press or fill. */
const controlNames = (form: HtmlNode): string[] =>
  ['input', 'button', 'select']
    .flatMap((tag) => elements(childrenOf(form), tag))
    .map((node) => attribute(node, 'name') ?? '');

/** A `<select>`'s value: its selected option's, else its first option's (value, else label). */
function selected(select: HtmlNode): string {
  const options = elements(childrenOf(select), 'option');
  const option = options.find((o) => attribute(o, 'selected') !== undefined) ?? options[0];
  return option ? (attribute(option, 'value') ?? textOf(option).trim()) : '';
}

/**
 * The fields a browser submits by itself: inputs but not buttons, check boxes and radios only when
 * checked, selects and text areas with their values.
 */
function fieldsOf(form: HtmlNode): Array<[string, string]> {
  const named = (tag: string) =>
    elements(childrenOf(form), tag).filter((node) => attribute(node, 'name'));
  const inputs = named('input').flatMap((node): Array<[string, string]> => {
    const type = (attribute(node, 'type') ?? 'text').toLowerCase();
    if (['submit', 'button', 'image', 'reset', 'file'].includes(type)) return [];
    if ((type === 'checkbox' || type === 'radio') && attribute(node, 'checked') === undefined)
      return [];
    return [
      [attribute(node, 'name')!, attribute(node, 'value') ?? (type === 'checkbox' ? 'on' : '')],
    ];
  });
  return [
    ...inputs,
    ...named('select').map((node): [string, string] => [attribute(node, 'name')!, selected(node)]),
    ...named('textarea').map((node): [string, string] => [attribute(node, 'name')!, textOf(node)]),
  ];
}

/**
 * The consent form of a page, if the page is markup the parser can read (quoted attributes): the
 * form holding a control named as one of `buttons` (the profile's consent fields: the button the
 * user presses), else the first form that posts, else the first form. A page may hold other forms
 * (a language picker, a sign-out button) before it.
 */
export function consentForm(
  html: string,
  buttons: readonly string[] = [],
): ConsentForm | undefined {
  let nodes: HtmlNode[];
  try {
    nodes = HTML.parse(html) as HtmlNode[];
  } catch {
    return undefined;
  }
  const forms = elements(nodes, 'form');
  const methodOf = (form: HtmlNode) => (attribute(form, 'method') ?? 'get').toLowerCase();
  const form =
    forms.find((f) => controlNames(f).some((name) => buttons.includes(name))) ??
    forms.find((f) => methodOf(f) === 'post') ??
    forms[0];
  if (!form) return undefined;
  return { action: attribute(form, 'action'), method: methodOf(form), fields: fieldsOf(form) };
}
