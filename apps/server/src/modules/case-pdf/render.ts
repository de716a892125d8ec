import { createRequire } from 'node:module';
import type * as PdfMakeModule from 'pdfmake';
import type { Content, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';

/**
 * The case PDF's blocks laid out by pdfmake: A4 pages, boxed numbered sections in the style of
 * the CIOMS I form (the section's title bar repeats on each page it spans), cells of label +
 * value, paragraphs that split across pages, check boxes, 'Página n de m' footers. Text is
 * drawn with DejaVu Sans Condensed (embedded, subset; as wide as the Helvetica the form used before), which covers Latin, Greek and Cyrillic; a
 * character the font lacks (Chinese…) prints as an empty box and never makes generation fail.
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

/** The font files, resolved from the `dejavu-fonts-ttf` package wherever node_modules is (source, tests and `dist`). */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  normal: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'),
} as const;
export const FONT = 'DejaVuSansCondensed';

type PdfMake = typeof PdfMakeModule;
let pdfMake: Promise<PdfMake> | undefined;

/**
 * pdfmake, loaded and set up by the first PDF rather than with the server (~20 MiB of modules
 * that only this route uses).
 */
function loadPdfMake(): Promise<PdfMake> {
  // A CommonJS module: its exports are the namespace's default.
  pdfMake ??= import('pdfmake').then((module) => {
    const pdfmake = (module as unknown as { default: PdfMake }).default;
    pdfmake.setFonts({ [FONT]: { normal: FONT_FILES.normal, bold: FONT_FILES.bold, italics: FONT_FILES.normal, bolditalics: FONT_FILES.bold } });
    // The document is built from our own blocks: no image or font is ever fetched, only the two fonts are read.
    pdfmake.setUrlAccessPolicy(() => false);
    const fontPaths = new Set<string>(Object.values(FONT_FILES));
    pdfmake.setLocalAccessPolicy((path) => fontPaths.has(path));
    return pdfmake;
  });
  return pdfMake;
}

const MARGIN = 36;
const FOOTER_SPACE = 28;
const PAD = 3;
const LABEL_SIZE = 6.5;
const VALUE_SIZE = 8.5;

const BLACK = '#000000';
const GREY = '#595959';
const BORDER = '#333333';
const TITLE_FILL = '#d1d9e6';
const SUB_FILL = '#ededed';

/** A table layout with a line of `width` and `color` around every cell, and `pad` inside it. */
export function boxLayout(width: number, color: string, pad: number): CustomTableLayout {
  return {
    hLineWidth: () => width,
    vLineWidth: () => width,
    hLineColor: () => color,
    vLineColor: () => color,
    paddingLeft: () => pad,
    paddingRight: () => pad,
    paddingTop: () => pad,
    paddingBottom: () => pad,
  };
}

/** A box around every cell. */
const BOX = boxLayout(0.6, BORDER, PAD);

/** A box with no line between its label row and its text (a paragraph). */
const LABELLED_BOX: CustomTableLayout = { ...BOX, hLineWidth: (index) => (index === 1 ? 0 : 0.6), paddingTop: (index) => (index === 1 ? 0 : PAD), paddingBottom: (index) => (index === 0 ? 0 : PAD) };

/** The frame of a section: no lines of its own, the rows are boxes. */
const FRAME: CustomTableLayout = {
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: () => 0,
  paddingRight: () => 0,
  paddingTop: () => 0,
  paddingBottom: () => 0,
};

/**
 * Text as pdfmake should draw it: line breaks kept, tabs and other blanks as spaces, control
 * and format characters (zero-width joiners, variation selectors) removed.
 */
export function printable(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .normalize('NFC')
    .replace(/[^\S\n]/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}](?<!\n)/gu, '');
}

const share = (cell: Cell) => cell.width ?? 1;

/** One filled box over the whole width (a title bar, a subheading). */
function bar(text: string, fill: string, fontSize: number): Content {
  return {
    table: { widths: ['*'], body: [[{ text: printable(text), fontSize, bold: true, fillColor: fill }]] },
    layout: BOX,
    unbreakable: true,
  };
}

function cellsRow(cells: readonly Cell[], shaded: boolean): Content {
  const total = cells.reduce((sum, cell) => sum + share(cell), 0);
  return {
    table: {
      widths: cells.map((cell) => `${(100 * share(cell)) / total}%`),
      body: [
        cells.map(
          (cell): TableCell => ({
            stack: [
              ...(cell.label ? [{ text: printable(cell.label), fontSize: LABEL_SIZE, bold: true, color: GREY }] : []),
              { text: printable(cell.value), fontSize: VALUE_SIZE, bold: cell.bold ?? false },
            ],
            ...(shaded ? { fillColor: SUB_FILL } : {}),
          }),
        ),
      ],
    },
    layout: BOX,
    unbreakable: true,
  };
}

function paragraph(label: string, text: string): Content {
  return {
    table: {
      widths: ['*'],
      headerRows: label ? 1 : 0,
      body: [...(label ? [[{ text: printable(label), fontSize: LABEL_SIZE, bold: true, color: GREY }]] : []), [{ text: printable(text), fontSize: VALUE_SIZE }]],
    },
    layout: LABELLED_BOX,
  };
}

function checks(items: readonly { label: string; checked: boolean }[], columns: number): Content[] {
  const rows: Content[] = [];
  for (let start = 0; start < items.length; start += columns) {
    const row = items.slice(start, start + columns);
    rows.push({
      table: {
        widths: Array.from({ length: columns }, () => '*'),
        body: [
          Array.from({ length: columns }, (_, index): TableCell => {
            const item = row[index];
            if (!item) return { text: '' };
            return { columns: [{ text: item.checked ? '☒' : '☐', width: 11, fontSize: VALUE_SIZE + 1 }, { text: printable(item.label), fontSize: VALUE_SIZE }] };
          }),
        ],
      },
      layout: { ...BOX, vLineWidth: (index, node) => (index === 0 || index === node.table.widths?.length ? 0.6 : 0) },
      unbreakable: true,
    });
  }
  return rows;
}

function blockContent(block: Exclude<Block, { kind: 'section' }>): Content[] {
  switch (block.kind) {
    case 'subheading':
      return [bar(block.text, SUB_FILL, VALUE_SIZE)];
    case 'cells':
      return [cellsRow(block.cells, block.shaded ?? false)];
    case 'paragraph':
      return [paragraph(block.label, block.text)];
    case 'checks':
      return checks(block.items, block.columns ?? 2);
  }
}

/**
 * A section: its title bar as the header row of a frame whose rows are the section's blocks,
 * so the title repeats at the top of each page the section spans.
 */
function section(title: string, blocks: readonly Content[]): Content {
  return {
    table: {
      widths: ['*'],
      headerRows: 1,
      keepWithHeaderRows: 1,
      body: [[bar(title, TITLE_FILL, 9)], ...blocks.map((content) => [content])],
    },
    layout: FRAME,
    margin: [0, 6, 0, 0],
  };
}

/** The blocks grouped: those before the first section stand alone, each section gathers the blocks after it. */
function layoutBlocks(blocks: readonly Block[]): Content[] {
  const out: Content[] = [];
  let current: { title: string; rows: Content[] } | null = null;
  const close = () => {
    if (current) out.push(section(current.title, current.rows));
    current = null;
  };
  for (const block of blocks) {
    if (block.kind === 'section') {
      close();
      current = { title: block.title, rows: [] };
    } else if (current) {
      current.rows.push(...blockContent(block));
    } else {
      out.push(...blockContent(block));
    }
  }
  close();
  return out;
}

/** The pdfmake document of the input. */
export function pdfDefinition(input: PdfDocumentInput): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + FOOTER_SPACE],
    language: 'es',
    info: {
      title: printable(input.title),
      subject: printable(input.subject),
      author: 'Atalaya',
      creator: 'Atalaya',
      producer: 'Atalaya',
      creationDate: input.createdAt,
      modDate: input.createdAt,
    },
    defaultStyle: { font: FONT, fontSize: VALUE_SIZE, color: BLACK },
    content: [
      { text: printable(input.heading), fontSize: 12, bold: true, alignment: 'center', margin: [0, 0, 0, 4] },
      ...input.headerLines.map((line): Content => ({ text: printable(line), fontSize: 9, alignment: 'center', margin: [0, 0, 0, 2] })),
      { text: '', margin: [0, 0, 0, 4] },
      ...layoutBlocks(input.blocks),
    ],
    footer: (currentPage, pageCount) => ({
      margin: [MARGIN, FOOTER_SPACE - 12, MARGIN, 0],
      stack: [
        { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 595.28 - 2 * MARGIN, y2: 0, lineWidth: 0.5, lineColor: GREY }] },
        {
          margin: [0, 4, 0, 0],
          columns: [
            { text: printable(input.footer), fontSize: 7, color: GREY },
            { text: `Página ${currentPage} de ${pageCount}`, fontSize: 7, color: GREY, alignment: 'right', width: 'auto' },
          ],
        },
      ],
    }),
  };
}

/** Renders a pdfmake document drawn with `FONT` (the case PDF, the CIOMS I form). */
export async function renderDefinition(definition: TDocumentDefinitions): Promise<Uint8Array> {
  const pdfmake = await loadPdfMake();
  const buffer = await pdfmake.createPdf(definition).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** Renders the document: the heading, then each block in order, with the page footers. */
export function renderPdf(input: PdfDocumentInput): Promise<Uint8Array> {
  return renderDefinition(pdfDefinition(input));
}

/** The advance of a text drawn with `FONT`, in points: what a layout needs to know what fits a box. */
export type MeasureText = (text: string, fontSize: number, bold?: boolean) => number;

/** The part of pdfkit's document that measures text. */
interface PdfKitMeasurer {
  font(src: string): PdfKitMeasurer;
  fontSize(size: number): PdfKitMeasurer;
  widthOfString(text: string): number;
}

let measurer: MeasureText | undefined;

/**
 * Measures text with the font files pdfmake draws with, through the pdfkit that pdfmake itself
 * uses (resolved from pdfmake's folder: the same glyph widths, no second copy to keep in step).
 */
export function measureText(): MeasureText {
  if (!measurer) {
    const PdfKit = createRequire(require.resolve('pdfmake'))('pdfkit') as new (options: object) => PdfKitMeasurer;
    const document = new PdfKit({ autoFirstPage: false, font: FONT_FILES.normal });
    measurer = (text, fontSize, bold = false) => document.font(bold ? FONT_FILES.bold : FONT_FILES.normal).fontSize(fontSize).widthOfString(text);
  }
  return measurer;
}
