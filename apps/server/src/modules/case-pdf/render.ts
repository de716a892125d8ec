import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * A small flow layout on pdf-lib for the case PDF: A4 pages, boxed numbered sections in the
 * style of the CIOMS I form, cells of label + value, paragraphs that split across pages,
 * check boxes, 'Página n de m' footers. Text is drawn with the standard Helvetica fonts
 * (WinAnsi): every string goes through `winAnsiSafe` first, so no user text can make the
 * generation throw.
 */

/** One cell of a row: an optional small label over its value; `width` is a share of the row. */
export interface Cell {
  label?: string;
  value: string;
  width?: number;
  bold?: boolean;
}

export type Block =
  | { kind: 'section'; title: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'cells'; cells: readonly Cell[]; shaded?: boolean }
  | { kind: 'paragraph'; label: string; text: string }
  | { kind: 'checks'; items: readonly { label: string; checked: boolean }[]; columns?: number };

export interface PdfDocumentInput {
  /** The PDF's Title and Subject metadata. */
  title: string;
  subject: string;
  /** Big heading on the first page. */
  heading: string;
  /** Lines under the heading (reference, status, date). */
  headerLines: readonly string[];
  /** Left part of every page's footer. */
  footer: string;
  blocks: readonly Block[];
  createdAt: Date;
}

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 36;
const FOOTER_SPACE = 28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const TOP = PAGE_HEIGHT - MARGIN;
const BOTTOM = MARGIN + FOOTER_SPACE;
const PAD = 3;
const LABEL_SIZE = 6.5;
const VALUE_SIZE = 8.5;
const LINE = 10.5;
const LABEL_LINE = 8.5;
const TITLE_BAR = 15;

const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const BORDER = rgb(0.2, 0.2, 0.2);
const TITLE_FILL = rgb(0.82, 0.85, 0.9);
const SUB_FILL = rgb(0.93, 0.93, 0.93);

/** The characters a standard (WinAnsi) font can draw, by code point. */
function characterSet(font: PDFFont): ReadonlySet<number> {
  return new Set(font.getCharacterSet());
}

/**
 * Text a WinAnsi font can draw: line breaks kept as '\n', tabs and other blanks as spaces,
 * control characters removed, accented letters outside WinAnsi reduced to their base letter
 * ('ő' → 'o'), anything else (emoji, CJK…) replaced by '?'.
 */
export function winAnsiSafe(text: string, charset: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (char === '\n' || charset.has(code)) {
      out += char;
    } else if (/\s/u.test(char)) {
      out += ' ';
    } else if (/\p{Cc}|\p{Cf}|\p{M}/u.test(char)) {
      // control, format (zero-width joiners, variation selectors) and lone combining marks: dropped
    } else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every((part) => charset.has(part.codePointAt(0) ?? 0)) ? base : '?';
    }
  }
  return out;
}

class Layout {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = TOP;
  private section: string | null = null;
  private readonly charset: ReadonlySet<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.charset = characterSet(font);
    this.addPage();
  }

  safe(text: string): string {
    return winAnsiSafe(text, this.charset);
  }

  private addPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = TOP;
  }

  /** A new page; an open section repeats its title bar. */
  private breakPage(): void {
    this.addPage();
    if (this.section !== null) this.titleBar(`${this.section} (continuación)`);
  }

  private room(): number {
    return this.y - BOTTOM;
  }

  /** Makes room for `height` points, breaking the page when needed. */
  private ensure(height: number): void {
    if (height > this.room()) this.breakPage();
  }

  /** Wrapped lines of `text` at `size` within `width` (words longer than a line are cut). */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.safe(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line !== '') lines.push(line);
        line = '';
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          // The longest prefix that fits (at least one character), by bisection.
          let low = 1;
          let high = rest.length - 1;
          while (low < high) {
            const middle = Math.ceil((low + high) / 2);
            if (font.widthOfTextAtSize(rest.slice(0, middle), size) <= width) low = middle;
            else high = middle - 1;
          }
          const cut = low;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  private text(value: string, x: number, y: number, size: number, font: PDFFont = this.font, color = BLACK): void {
    if (value !== '') this.page.drawText(value, { x, y, size, font, color });
  }

  private box(x: number, top: number, width: number, height: number, fill?: ReturnType<typeof rgb>): void {
    this.page.drawRectangle({ x, y: top - height, width, height, borderColor: BORDER, borderWidth: 0.6, ...(fill ? { color: fill } : {}) });
  }

  private titleBar(title: string): void {
    this.box(MARGIN, this.y, CONTENT_WIDTH, TITLE_BAR, TITLE_FILL);
    this.text(this.safe(title), MARGIN + PAD + 1, this.y - TITLE_BAR + 4.5, 9, this.bold);
    this.y -= TITLE_BAR;
  }

  heading(title: string, lines: readonly string[]): void {
    const size = 12;
    for (const line of this.wrap(title, this.bold, size, CONTENT_WIDTH)) {
      const width = this.bold.widthOfTextAtSize(line, size);
      this.text(line, MARGIN + (CONTENT_WIDTH - width) / 2, this.y - size, size, this.bold);
      this.y -= size + 4;
    }
    this.y -= 2;
    for (const line of lines) {
      for (const part of this.wrap(line, this.font, 9, CONTENT_WIDTH)) {
        const width = this.font.widthOfTextAtSize(part, 9);
        this.text(part, MARGIN + (CONTENT_WIDTH - width) / 2, this.y - 9, 9);
        this.y -= 12;
      }
    }
    this.y -= 6;
  }

  startSection(title: string): void {
    this.section = null;
    this.y -= 6;
    this.ensure(TITLE_BAR + 40);
    this.section = title;
    this.titleBar(title);
  }

  subheading(text: string): void {
    const lines = this.wrap(text, this.bold, VALUE_SIZE, CONTENT_WIDTH - 2 * PAD);
    const height = lines.length * LINE + 2 * PAD;
    this.ensure(height + 30);
    this.box(MARGIN, this.y, CONTENT_WIDTH, height, SUB_FILL);
    lines.forEach((line, index) => this.text(line, MARGIN + PAD, this.y - PAD - (index + 1) * LINE + 2.5, VALUE_SIZE, this.bold));
    this.y -= height;
  }

  cells(cells: readonly Cell[], shaded: boolean): void {
    const shares = cells.map((cell) => cell.width ?? 1);
    const total = shares.reduce((sum, share) => sum + share, 0);
    const widths = shares.map((share) => (CONTENT_WIDTH * share) / total);
    const laid = cells.map((cell, index) => {
      const inner = (widths[index] ?? CONTENT_WIDTH) - 2 * PAD;
      const labelLines = cell.label ? this.wrap(cell.label, this.bold, LABEL_SIZE, inner) : [];
      const valueLines = this.wrap(cell.value, cell.bold ? this.bold : this.font, VALUE_SIZE, inner);
      return { cell, labelLines, valueLines, height: 2 * PAD + labelLines.length * LABEL_LINE + valueLines.length * LINE };
    });
    const height = Math.max(...laid.map((entry) => entry.height));
    if (height > TOP - BOTTOM - 2 * TITLE_BAR) {
      // Taller than a page: each cell as a paragraph, which may split.
      for (const { cell } of laid) this.paragraph(cell.label ?? '', cell.value);
      return;
    }
    this.ensure(height);
    let x = MARGIN;
    laid.forEach((entry, index) => {
      const width = widths[index] ?? CONTENT_WIDTH;
      this.box(x, this.y, width, height, shaded ? SUB_FILL : undefined);
      let lineY = this.y - PAD;
      for (const line of entry.labelLines) {
        lineY -= LABEL_LINE;
        this.text(line, x + PAD, lineY + 2, LABEL_SIZE, this.bold, GREY);
      }
      for (const line of entry.valueLines) {
        lineY -= LINE;
        this.text(line, x + PAD, lineY + 2.5, VALUE_SIZE, entry.cell.bold ? this.bold : this.font);
      }
      x += width;
    });
    this.y -= height;
  }

  /** A label and a long text over the whole width; splits across pages line by line. */
  paragraph(label: string, value: string): void {
    const inner = CONTENT_WIDTH - 2 * PAD;
    let lines = this.wrap(value, this.font, VALUE_SIZE, inner);
    let title = label;
    while (lines.length > 0) {
      const labelHeight = title ? LABEL_LINE : 0;
      if (this.room() < 2 * PAD + labelHeight + LINE * Math.min(lines.length, 2)) this.breakPage();
      const fit = Math.max(1, Math.floor((this.room() - 2 * PAD - labelHeight) / LINE));
      const chunk = lines.slice(0, fit);
      const height = 2 * PAD + labelHeight + chunk.length * LINE;
      this.box(MARGIN, this.y, CONTENT_WIDTH, height);
      let lineY = this.y - PAD;
      if (title) {
        lineY -= LABEL_LINE;
        this.text(this.safe(title), MARGIN + PAD, lineY + 2, LABEL_SIZE, this.bold, GREY);
      }
      for (const line of chunk) {
        lineY -= LINE;
        this.text(line, MARGIN + PAD, lineY + 2.5, VALUE_SIZE);
      }
      this.y -= height;
      lines = lines.slice(chunk.length);
      if (lines.length > 0) {
        title = label ? `${label} (continuación)` : '';
        this.breakPage();
      }
    }
  }

  checks(items: readonly { label: string; checked: boolean }[], columns: number): void {
    const width = CONTENT_WIDTH / columns;
    const square = 7;
    for (let start = 0; start < items.length; start += columns) {
      const row = items.slice(start, start + columns).map((item) => ({ item, lines: this.wrap(item.label, this.font, VALUE_SIZE, width - 3 * PAD - square - 4) }));
      const height = 2 * PAD + Math.max(...row.map((entry) => entry.lines.length)) * LINE;
      this.ensure(height);
      this.box(MARGIN, this.y, CONTENT_WIDTH, height);
      row.forEach((entry, index) => {
        const x = MARGIN + index * width + PAD;
        const top = this.y - PAD - 1.5;
        this.page.drawRectangle({ x, y: top - square, width: square, height: square, borderColor: BORDER, borderWidth: 0.7 });
        if (entry.item.checked) this.text('X', x + 1.3, top - square + 1.3, 6.5, this.bold);
        entry.lines.forEach((line, lineIndex) => this.text(line, x + square + 4, this.y - PAD - (lineIndex + 1) * LINE + 2.5, VALUE_SIZE));
      });
      this.y -= height;
    }
  }

  endSection(): void {
    this.section = null;
  }

  footers(left: string): void {
    const total = this.pages.length;
    const safeLeft = this.safe(left);
    this.pages.forEach((page, index) => {
      const label = `Página ${index + 1} de ${total}`;
      const size = 7.5;
      page.drawLine({ start: { x: MARGIN, y: MARGIN + 12 }, end: { x: PAGE_WIDTH - MARGIN, y: MARGIN + 12 }, thickness: 0.5, color: GREY });
      page.drawText(safeLeft, { x: MARGIN, y: MARGIN, size, font: this.font, color: GREY });
      page.drawText(label, { x: PAGE_WIDTH - MARGIN - this.font.widthOfTextAtSize(label, size), y: MARGIN, size, font: this.font, color: GREY });
    });
  }
}

/** Renders the document: the heading, then each block in order, then the page footers. */
export async function renderPdf(input: PdfDocumentInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setSubject(input.subject);
  doc.setAuthor('Atalaya');
  doc.setCreator('Atalaya');
  doc.setProducer('Atalaya');
  doc.setLanguage('es');
  doc.setCreationDate(input.createdAt);
  doc.setModificationDate(input.createdAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const layout = new Layout(doc, font, bold);
  layout.heading(input.heading, input.headerLines);
  for (const block of input.blocks) {
    switch (block.kind) {
      case 'section':
        layout.startSection(block.title);
        break;
      case 'subheading':
        layout.subheading(block.text);
        break;
      case 'cells':
        layout.cells(block.cells, block.shaded ?? false);
        break;
      case 'paragraph':
        layout.paragraph(block.label, block.text);
        break;
      case 'checks':
        layout.checks(block.items, block.columns ?? 2);
        break;
    }
  }
  layout.endSection();
  layout.footers(input.footer);
  return doc.save();
}
