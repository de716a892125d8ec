/**
 * A minimal XML writer: elements as plain objects, serialised with two-space indentation. Text and
 * attribute values are escaped; characters XML 1.0 forbids (C0 controls but tab and line ends) are dropped.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string | number | undefined>;
  children: XmlNode[];
}
/** Lines already serialised (by `serializeElement` at the same depth), written as they are. */
export interface XmlRaw {
  raw: string;
}
export type XmlNode = XmlElement | XmlRaw | string | null | undefined | false;

/** An element; attributes whose value is undefined are left out, and so are null / false children. */
export function el(name: string, attrs: Record<string, string | number | undefined> = {}, ...children: (XmlNode | XmlNode[])[]): XmlElement {
  return { name, attrs, children: children.flat() };
}

// eslint-disable-next-line no-control-regex -- the point is to remove the control characters XML 1.0 forbids
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeText(value: string): string {
  return value.replace(FORBIDDEN, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeAttr(value: string): string {
  return escapeText(value).replaceAll('"', '&quot;').replaceAll('\n', '&#10;').replaceAll('\r', '&#13;').replaceAll('\t', '&#9;');
}

function write(node: XmlElement, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeAttr(String(value))}"`)
    .join('');
  const children = node.children.filter((child): child is XmlElement | XmlRaw | string => child !== null && child !== undefined && child !== false);
  if (children.length === 0) {
    out.push(`${pad}<${node.name}${attrs}/>`);
    return;
  }
  if (children.every((child) => typeof child === 'string')) {
    out.push(`${pad}<${node.name}${attrs}>${children.map((child) => escapeText(child as string)).join('')}</${node.name}>`);
    return;
  }
  out.push(`${pad}<${node.name}${attrs}>`);
  for (const child of children) {
    if (typeof child === 'string') out.push(`${pad}  ${escapeText(child)}`);
    else if ('raw' in child) out.push(child.raw);
    else write(child, depth + 1, out);
  }
  out.push(`${pad}</${node.name}>`);
}

/** One element as the lines `serialize` would write for it at `depth` (no declaration, no final line end). */
export function serializeElement(node: XmlElement, depth: number): string {
  const out: string[] = [];
  write(node, depth, out);
  return out.join('\n');
}

/** The document: the XML declaration and the root element. */
export function serialize(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return `${out.join('\n')}\n`;
}
