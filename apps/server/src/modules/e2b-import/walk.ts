import type { Hl7Date, MeddraTerm, NullFlavor, Nullable, NullValue, Quantity, TermId } from '@atalaya/domain';
import { serializeElement, type XmlElement } from './xml.js';

/**
 * Reading a report's elements while remembering which were read: what the mapping did not
 * read is what "could not be mapped" (docs/e2b-import.md), kept verbatim with the case.
 */

export const OID = {
  /** ICH observation codes (2.16.840.1.113883.3.989.2.1.1.19). */
  observation: '2.16.840.1.113883.3.989.2.1.1.19',
  /** ICH organizer categories. */
  organizer: '2.16.840.1.113883.3.989.2.1.1.20',
  meddra: '2.16.840.1.113883.6.163',
  country: '1.0.3166.1.2.2',
} as const;

const NULL_FLAVOR_SET: ReadonlySet<string> = new Set(['NI', 'MSK', 'UNK', 'NA', 'ASKU', 'NASK', 'NINF', 'PINF']);

/** An element the mapping did not read, kept verbatim. */
export interface UnmappedElement {
  /** Where it was: the element names from the report down ('…/subjectOf2/observation'). */
  path: string;
  /** Its line in the file. */
  line: number;
  /** The element and everything in it, as XML. */
  xml: string;
}

export class Walk {
  private readonly used = new Set<XmlElement>();

  /** Marks elements as read (the mapping understood them). */
  use<T extends XmlElement | undefined>(element: T): T {
    if (element) this.used.add(element);
    return element;
  }

  /** Marks an element and everything in it as read (scaffolding with nothing to keep). */
  useAll(element: XmlElement | undefined): void {
    if (!element) return;
    this.used.add(element);
    for (const child of element.children) this.useAll(child);
  }

  /** The first child named `name`, marked as read. */
  child(element: XmlElement | undefined, name: string): XmlElement | undefined {
    return this.use(element?.children.find((c) => c.name === name));
  }

  /** Every child named `name` (not marked: the caller marks what it understands). */
  all(element: XmlElement | undefined, name: string): XmlElement[] {
    return element ? element.children.filter((c) => c.name === name) : [];
  }

  /** Follows `names` from `element`, each step the first child of that name, marking every step. */
  path(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
    let current = element;
    for (const name of names) current = this.child(current, name);
    return current;
  }

  /** An attribute of the element (null when absent or empty). */
  attr(element: XmlElement | undefined, name: string): string | null {
    const value = element?.attrs[name];
    return value === undefined || value === '' ? null : value;
  }

  /** The element's text, null when absent or blank. */
  text(element: XmlElement | undefined): string | null {
    if (!element) return null;
    return element.text.trim() === '' ? null : element.text;
  }

  /** The nullFlavor of an element, when it has one E2B(R3) allows. */
  nullFlavor(element: XmlElement | undefined): NullValue | null {
    const flavor = element?.attrs.nullFlavor;
    return flavor && NULL_FLAVOR_SET.has(flavor) ? { nullFlavor: flavor as NullFlavor } : null;
  }

  /** A text or its nullFlavor. */
  nullableText(element: XmlElement | undefined): Nullable<string> | null {
    return this.nullFlavor(element) ?? this.text(element);
  }

  /** An attribute (`value` by default) or the element's nullFlavor. */
  nullableAttr(element: XmlElement | undefined, name = 'value'): Nullable<string> | null {
    return this.nullFlavor(element) ?? this.attr(element, name);
  }

  /** A date (an HL7 TS `value`) or its nullFlavor. */
  nullableDate(element: XmlElement | undefined): Nullable<Hl7Date> | null {
    return this.nullableAttr(element, 'value');
  }

  /** A BL value: true / false, its nullFlavor, or null. */
  bool(element: XmlElement | undefined): Nullable<boolean> | null {
    const flavor = this.nullFlavor(element);
    if (flavor) return flavor;
    const value = this.attr(element, 'value');
    return value === 'true' ? true : value === 'false' ? false : null;
  }

  /** A PQ (value and unit), null when either is missing or the value is not a number. */
  quantity(element: XmlElement | undefined): Quantity | null {
    const value = this.attr(element, 'value');
    if (value === null || !Number.isFinite(Number(value))) return null;
    return { value: Number(value), unit: this.attr(element, 'unit') ?? '1' };
  }

  /** A MedDRA coded value: its version and code. */
  meddra(element: XmlElement | undefined): MeddraTerm | null {
    const code = this.attr(element, 'code');
    if (!element || code === null) return null;
    return { version: this.attr(element, 'codeSystemVersion') ?? '', code };
  }

  /** A term id (EDQM, MPID…): version and code. */
  termId(element: XmlElement | undefined): TermId | null {
    const code = this.attr(element, 'code');
    if (!element || code === null) return null;
    return { version: this.attr(element, 'codeSystemVersion') ?? this.attr(element, 'codeSystem') ?? '', code };
  }

  /** The `code` child's code when it is of `codeSystem`. */
  codeIn(element: XmlElement | undefined, codeSystem: string): string | null {
    const code = element?.children.find((c) => c.name === 'code');
    return code && code.attrs.codeSystem === codeSystem ? (code.attrs.code ?? null) : null;
  }

  /**
   * The children `wrapperName`/`innerName` whose inner element has a `code` of `codeSystem`
   * equal to `code`: the ICH pattern `subjectOf2[observation/code[@code='3']]`. Marked as read
   * (wrapper, inner element and its code).
   */
  coded(element: XmlElement | undefined, wrapperName: string, innerName: string, codeSystem: string, code: string): XmlElement[] {
    const found: XmlElement[] = [];
    for (const wrapper of this.all(element, wrapperName)) {
      const inner = wrapper.children.find((c) => c.name === innerName);
      if (inner && this.codeIn(inner, codeSystem) === code) {
        this.use(wrapper);
        this.use(inner);
        this.child(inner, 'code');
        found.push(inner);
      }
    }
    return found;
  }

  /**
   * The elements under `root` that were not read while their parent was: each is kept, with
   * everything in it, as one fragment.
   */
  unmapped(root: XmlElement, rootPath: string): UnmappedElement[] {
    const out: UnmappedElement[] = [];
    const visit = (element: XmlElement, path: string) => {
      for (const child of element.children) {
        const childPath = `${path}/${child.name}`;
        if (this.used.has(child)) visit(child, childPath);
        else out.push({ path: childPath, line: child.line, xml: serializeElement(child) });
      }
    };
    visit(root, rootPath);
    return out;
  }
}
