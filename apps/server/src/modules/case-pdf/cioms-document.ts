import { type CiomsAnswer, type CiomsDateParts, type CiomsForm, EMPTY_VALUE } from '@atalaya/domain';
import type { Content, ContentStack, CustomTableLayout, TableCell, TableCellProperties, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { boxLayout, FONT, type MeasureText, measureText, printable, renderDefinition } from './render.js';

/**
 * The CIOMS I form of a case, laid out by pdfmake as CIOMS draws it (A4): the first page holds
 * boxes 1–25 at their places and sizes; what does not fit a box (many reactions, drugs, a long
 * narrative) goes on continuation pages under that box's number and title, and the box on the
 * first page says so. Nothing is cut: a box shows the lines that fit, measured with the font
 * the PDF is drawn with, and the continuation the rest. Labels in Spanish with CIOMS's box numbers.
 */

export const CIOMS_TITLE = 'NOTIFICACIÓN DE SOSPECHA DE REACCIÓN ADVERSA';
export const CIOMS_CONTINUATION_TITLE = 'PÁGINA DE CONTINUACIÓN';
/** What a box on the first page says when the rest of it is on a continuation page. */
export const CIOMS_CONTINUED = '(continúa en la página de continuación)';

/** Every box's label, by its CIOMS number. */
export const CIOMS_LABELS = {
  1: '1. INICIALES DEL PACIENTE',
  '1a': '1a. PAÍS',
  2: '2. FECHA DE NACIMIENTO',
  '2a': '2a. EDAD',
  3: '3. SEXO',
  '4-6': '4-6 INICIO DE LA REACCIÓN',
  '7+13': '7 + 13 DESCRIBIR LA(S) REACCIÓN(ES) (incluidos los datos relevantes de pruebas y laboratorio)',
  '8-12': '8-12 MARCAR TODO LO QUE CORRESPONDA A LA REACCIÓN ADVERSA',
  14: '14. MEDICAMENTO(S) SOSPECHOSO(S) (incluir nombre genérico)',
  15: '15. DOSIS DIARIA(S)',
  16: '16. VÍA(S) DE ADMINISTRACIÓN',
  17: '17. INDICACIÓN(ES) DE USO',
  18: '18. FECHAS DE TRATAMIENTO (desde/hasta)',
  19: '19. DURACIÓN DEL TRATAMIENTO',
  20: '20. ¿REMITIÓ LA REACCIÓN AL SUSPENDER EL MEDICAMENTO?',
  21: '21. ¿REAPARECIÓ LA REACCIÓN AL REINTRODUCIRLO?',
  22: '22. MEDICAMENTO(S) CONCOMITANTE(S) Y FECHAS DE ADMINISTRACIÓN (excluir los usados para tratar la reacción)',
  23: '23. OTRA HISTORIA RELEVANTE (p. ej., diagnósticos, alergias, embarazo con fecha de la última menstruación, etc.)',
  '24a': '24a. NOMBRE Y DIRECCIÓN DEL FABRICANTE',
  '24b': '24b. N° DE CONTROL DEL FABRICANTE',
  '24c': '24c. FECHA DE RECEPCIÓN POR EL FABRICANTE',
  '24d': '24d. FUENTE DEL REPORTE',
  reportDate: 'FECHA DE ESTE REPORTE',
  '25a': '25a. TIPO DE REPORTE',
} as const;

export const CIOMS_SERIOUSNESS_LABELS = {
  died: 'FALLECIÓ EL PACIENTE',
  hospitalisation: 'IMPLICÓ O PROLONGÓ LA HOSPITALIZACIÓN',
  disability: 'IMPLICÓ DISCAPACIDAD O INCAPACIDAD PERSISTENTE O SIGNIFICATIVA',
  lifeThreatening: 'PUSO EN PELIGRO LA VIDA',
  congenitalAnomaly: 'ANOMALÍA CONGÉNITA',
  otherMedicallyImportant: 'OTRA CONDICIÓN MÉDICAMENTE IMPORTANTE',
} as const satisfies Record<keyof CiomsForm['seriousness'], string>;

const ANSWER_LABELS: Readonly<Record<CiomsAnswer, string>> = { yes: 'SÍ', no: 'NO', na: 'NA' };

// ---- geometry (points; A4 is 595.28 × 841.89) -------------------------------------------

const PAGE_WIDTH = 595.28;
const MARGIN_X = 30;
const MARGIN_TOP = 24;
const FOOTER_SPACE = 22;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const PAD = 2.5;
const LINE = 0.6;
const LABEL_SIZE = 6;
const VALUE_SIZE = 7.5;
/** DejaVu's line height is 1.164 em; a little more, so that a box never gets a line more than it can hold. */
const LINE_HEIGHT = 1.18;
/** Lines are wrapped a little narrower than the box, so pdfmake never wraps them again. */
const WRAP_SLACK = 0.97;

const BORDER = '#222222';
const GREY = '#444444';

const BOX: CustomTableLayout = boxLayout(LINE, BORDER, PAD);

/**
 * The content widths of a table's columns that make it exactly as wide as the page's content:
 * `shares` of what is left after each column's padding and the vertical lines.
 */
function columnWidths(shares: readonly number[]): number[] {
  const free = CONTENT_WIDTH - shares.length * 2 * PAD - (shares.length + 1) * LINE;
  const total = shares.reduce((sum, share) => sum + share, 0);
  return shares.map((share) => (free * share) / total);
}

/** The width of text in a cell spanning columns `from`..`to` (inclusive) of a table with these widths. */
function spanWidth(widths: readonly number[], from: number, to: number): number {
  let width = 0;
  for (let index = from; index <= to; index += 1) width += widths[index] ?? 0;
  return width + (to - from) * (2 * PAD + LINE);
}

// ---- what fits a box ----------------------------------------------------------------------

/** A printed line; `hard` when the text had a line break (or its paragraph ended) after it. */
interface Line {
  text: string;
  hard: boolean;
}

/** Greedy wrap of a paragraph into lines no wider than `width`; a word wider than a line is cut between characters. */
export function wrapLines(paragraph: string, width: number, measure: MeasureText, fontSize = VALUE_SIZE): Line[] {
  const out: Line[] = [];
  const fits = (text: string) => measure(text, fontSize) <= width * WRAP_SLACK;
  for (const source of printable(paragraph).split('\n')) {
    const words = source.split(' ').filter((word) => word !== '');
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (fits(candidate)) {
        current = candidate;
        continue;
      }
      if (current) out.push({ text: current, hard: false });
      current = '';
      // A word longer than a line: as many characters as fit on each line.
      let rest = word;
      while (!fits(rest)) {
        const characters = [...rest];
        let take = 1;
        while (take < characters.length && fits(characters.slice(0, take + 1).join(''))) take += 1;
        out.push({ text: characters.slice(0, take).join(''), hard: false });
        rest = characters.slice(take).join('');
      }
      current = rest;
    }
    out.push({ text: current, hard: true });
  }
  return out;
}

/** A box's text split between the first page (as lines) and the continuation (as paragraphs). */
export interface Fitted {
  here: string;
  rest: string[];
}

/** Lines back into paragraphs: a soft break is a space again, a hard one ends the paragraph. */
function paragraphsOf(lines: readonly Line[]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    current.push(line.text);
    if (line.hard) {
      out.push(current.join(' '));
      current = [];
    }
  }
  if (current.length) out.push(current.join(' '));
  return out;
}

/**
 * Splits a box's paragraphs: all of them when they fit `capacity` lines of `width`; otherwise
 * the lines that fit before a last line saying the box continues, and the rest for the
 * continuation page. The first `whole` paragraphs (reactions, drugs: one item each) are never
 * split: each goes whole to where it fits; the others (a narrative) may break between lines.
 */
export function fitBox(paragraphs: readonly string[], capacity: number, width: number, measure: MeasureText, whole = 0): Fitted {
  const wrapped = paragraphs.map((paragraph) => wrapLines(paragraph, width, measure));
  const total = wrapped.reduce((sum, lines) => sum + lines.length, 0);
  if (total <= capacity) return { here: wrapped.flat().map((line) => line.text).join('\n'), rest: [] };
  let budget = Math.max(0, capacity - 1);
  const here: Line[] = [];
  const rest: Line[] = [];
  wrapped.forEach((lines, index) => {
    if (rest.length === 0 && lines.length <= budget) {
      here.push(...lines);
      budget -= lines.length;
    } else if (rest.length === 0 && index >= whole && budget > 0) {
      here.push(...lines.slice(0, budget));
      rest.push(...lines.slice(budget));
      budget = 0;
    } else {
      rest.push(...lines);
    }
  });
  return { here: [...here.map((line) => line.text), CIOMS_CONTINUED].join('\n'), rest: paragraphsOf(rest) };
}

/** How many lines of value text fit a box of `height` (its padding and a label of `labelLines` aside). */
function capacityOf(height: number, labelLines: number): number {
  return Math.floor((height - 2 * PAD - labelLines * LABEL_SIZE * LINE_HEIGHT - 1) / (VALUE_SIZE * LINE_HEIGHT));
}

// ---- cells ----------------------------------------------------------------------------------

const label = (text: string): Content => ({ text: printable(text), fontSize: LABEL_SIZE, color: GREY });
const value = (text: string, extra: Partial<{ bold: boolean; alignment: 'left' | 'center' }> = {}): Content => ({ text: printable(text), fontSize: VALUE_SIZE, ...extra });

function boxCell(title: string, text: string, span: TableCellProperties = {}): ContentStack & TableCellProperties {
  return { stack: [label(title), value(text)], ...span };
}

const checkbox = (checked: boolean, text: string): Content => ({
  columns: [
    { text: checked ? '☒' : '☐', width: 9, fontSize: VALUE_SIZE + 0.5 },
    { text: printable(text), fontSize: LABEL_SIZE, width: '*' },
  ],
  margin: [0, 1.5, 0, 0],
});

/** Check boxes side by side ('☒ SÍ ☐ NO ☐ NA'): one text line, as the form prints them. */
const inlineChecks = (items: readonly { checked: boolean; text: string }[]): Content => ({
  text: items.map((item) => `${item.checked ? '☒' : '☐'} ${printable(item.text)}`).join('   '),
  fontSize: LABEL_SIZE + 0.5,
  margin: [0, 1.5, 0, 0],
});

const emptyCell = (): TableCell => ({ text: '' });

const sectionTitle = (text: string): Content => ({ text, fontSize: 9.5, alignment: 'center', margin: [0, 5, 0, 2] });

const dateCell = (parts: CiomsDateParts, part: keyof CiomsDateParts): TableCell => ({ text: parts[part], fontSize: VALUE_SIZE, alignment: 'center' });

function answerChecks(answer: CiomsAnswer | null): Content {
  return inlineChecks((['yes', 'no', 'na'] as const).map((option) => ({ checked: answer === option, text: ANSWER_LABELS[option] })));
}

/** Boxes 20 and 21 for all the suspect drugs: the answer they share, or none when they differ (each drug's is on the continuation). */
function sharedAnswer(answers: readonly CiomsAnswer[]): CiomsAnswer | null {
  const [first] = answers;
  if (first === undefined) return null;
  return answers.every((answer) => answer === first) ? first : null;
}

// ---- the first page -------------------------------------------------------------------------

/** One box's overflow on the continuation page. */
interface Overflow {
  section: 'I' | 'II' | 'III' | 'IV';
  title: string;
  paragraphs: string[];
}

const SECTION_TITLES = {
  I: 'I. INFORMACIÓN DE LA REACCIÓN',
  II: 'II. INFORMACIÓN DEL (DE LOS) MEDICAMENTO(S) SOSPECHOSO(S)',
  III: 'III. MEDICAMENTO(S) CONCOMITANTE(S) E HISTORIA',
  IV: 'IV. INFORMACIÓN DEL FABRICANTE',
} as const;

/** Numbers the items '#1 …' when there are several (each suspect drug has the same number in boxes 14–21). */
function numbered(items: readonly string[]): string[] {
  return items.length > 1 ? items.map((item, index) => `#${index + 1} ${item}`) : [...items];
}

/** The paragraphs of box 7 + 13: the reactions, the narrative, then box 13's tests. */
function reactionParagraphs(form: CiomsForm): string[] {
  return [...numbered(form.reactions), ...form.narrative, ...form.tests.map((test, index) => (index === 0 ? `13. Pruebas y datos de laboratorio: ${test}` : test))];
}

class FirstPage {
  readonly overflow: Overflow[] = [];
  constructor(private readonly measure: MeasureText) {}

  /** The text a box of `width` × `height` prints, the rest recorded for the continuation. */
  fill(section: Overflow['section'], title: string, paragraphs: readonly string[], width: number, height: number, options: { labelLines?: number; whole?: number } = {}): string {
    const fitted = fitBox(paragraphs, capacityOf(height, options.labelLines ?? 1), width, this.measure, options.whole ?? 0);
    if (fitted.rest.length) this.overflow.push({ section, title, paragraphs: fitted.rest });
    return fitted.here;
  }
}

function header(caseNumber: string, continuation: boolean): Content[] {
  const widths = columnWidths([1.35, 1]);
  return [
    { text: 'FORMULARIO CIOMS', fontSize: 9, alignment: 'right', margin: [0, 0, 0, 3] },
    {
      table: {
        widths,
        heights: [18, 18],
        body: [
          [
            {
              rowSpan: 2,
              stack: [{ text: CIOMS_TITLE, fontSize: 11, bold: true }, ...(continuation ? [{ text: CIOMS_CONTINUATION_TITLE, fontSize: 10, bold: true, margin: [0, 3, 0, 0] } as Content] : [])],
              alignment: 'center',
              margin: [0, continuation ? 6 : 11, 0, 0],
            },
            boxCell('N° DE CASO', caseNumber),
          ],
          [emptyCell(), { text: '' }],
        ],
      },
      layout: BOX,
    },
  ];
}

function sectionI(form: CiomsForm, page: FirstPage): Content[] {
  // 1, 1a, 2 (day, month, year), 2a, 3, 4-6 (day, month, year), 8-12.
  const widths = columnWidths([56, 50, 17, 21, 24, 34, 34, 17, 21, 24, 118]);
  const describeHeight = 160;
  const describeWidth = spanWidth(widths, 0, 9);
  const describe = page.fill('I', CIOMS_LABELS['7+13'], reactionParagraphs(form), describeWidth, describeHeight, { whole: form.reactions.length });
  const sub = (text: string): TableCell => ({ text, fontSize: LABEL_SIZE, color: GREY, alignment: 'center' });
  const s = form.seriousness;
  const checks: TableCell = {
    rowSpan: 4,
    stack: [
      label(CIOMS_LABELS['8-12']),
      ...(Object.keys(CIOMS_SERIOUSNESS_LABELS) as (keyof typeof CIOMS_SERIOUSNESS_LABELS)[]).map((key) => checkbox(s[key], CIOMS_SERIOUSNESS_LABELS[key])),
    ],
  };
  const body: TableCell[][] = [
    [
      boxCell(CIOMS_LABELS[1], form.patientInitials, { rowSpan: 3 }),
      boxCell(CIOMS_LABELS['1a'], form.country, { rowSpan: 3 }),
      { colSpan: 3, stack: [label(CIOMS_LABELS[2])], alignment: 'center' },
      emptyCell(),
      emptyCell(),
      boxCell(CIOMS_LABELS['2a'], form.age, { rowSpan: 3 }),
      boxCell(CIOMS_LABELS[3], form.sex, { rowSpan: 3 }),
      { colSpan: 3, stack: [label(CIOMS_LABELS['4-6'])], alignment: 'center' },
      emptyCell(),
      emptyCell(),
      checks,
    ],
    [emptyCell(), emptyCell(), sub('Día'), sub('Mes'), sub('Año'), emptyCell(), emptyCell(), sub('Día'), sub('Mes'), sub('Año'), emptyCell()],
    [
      emptyCell(),
      emptyCell(),
      dateCell(form.birthDate, 'day'),
      dateCell(form.birthDate, 'month'),
      dateCell(form.birthDate, 'year'),
      emptyCell(),
      emptyCell(),
      dateCell(form.onset, 'day'),
      dateCell(form.onset, 'month'),
      dateCell(form.onset, 'year'),
      emptyCell(),
    ],
    [{ colSpan: 10, stack: [label(CIOMS_LABELS['7+13']), value(describe)] }, ...Array.from({ length: 9 }, emptyCell), emptyCell()],
  ];
  return [sectionTitle(SECTION_TITLES.I), { table: { widths, heights: ['auto', 'auto', 12, describeHeight], body }, layout: BOX }];
}

function sectionII(form: CiomsForm, page: FirstPage): Content[] {
  const drugs = form.suspectDrugs;
  const widths = columnWidths([1.75, 1, 0.95]);
  const wide = spanWidth(widths, 0, 1);
  const [left = 0, middle = 0] = widths;
  const box = (key: 14 | 15 | 16 | 17 | 18 | 19, items: string[], width: number, height: number) =>
    page.fill('II', CIOMS_LABELS[key], numbered(items.map((item) => item || EMPTY_VALUE)), width, height, { whole: Infinity });
  const b14 = box(14, drugs.map((drug) => drug.name), wide, 44);
  const b15 = box(15, drugs.map((drug) => drug.dailyDose), left, 32);
  const b16 = box(16, drugs.map((drug) => drug.route), middle, 32);
  const b17 = box(17, drugs.map((drug) => drug.indication), wide, 32);
  const b18 = box(18, drugs.map((drug) => drug.therapyDates), left, 32);
  const b19 = box(19, drugs.map((drug) => drug.duration), middle, 32);
  const abated = sharedAnswer(drugs.map((drug) => drug.abated));
  const reappeared = sharedAnswer(drugs.map((drug) => drug.reappeared));
  if (drugs.length > 1) {
    // Each drug's answer, on the continuation: the boxes show only an answer they all share.
    page.overflow.push(
      { section: 'II', title: CIOMS_LABELS[20], paragraphs: drugs.map((drug, index) => `#${index + 1} ${ANSWER_LABELS[drug.abated]}`) },
      { section: 'II', title: CIOMS_LABELS[21], paragraphs: drugs.map((drug, index) => `#${index + 1} ${ANSWER_LABELS[drug.reappeared]}`) },
    );
  }
  const perDrug = drugs.length > 1 && (abated === null || reappeared === null) ? [{ text: 'Por medicamento: ver la página de continuación', fontSize: LABEL_SIZE, color: GREY, margin: [0, 1, 0, 0] } as Content] : [];
  const body: TableCell[][] = [
    [{ colSpan: 2, stack: [label(CIOMS_LABELS[14]), value(b14)] }, emptyCell(), { stack: [label(CIOMS_LABELS[20]), answerChecks(abated), ...(abated === null ? perDrug : [])] }],
    [boxCell(CIOMS_LABELS[15], b15), boxCell(CIOMS_LABELS[16], b16), { rowSpan: 2, stack: [label(CIOMS_LABELS[21]), answerChecks(reappeared), ...(reappeared === null ? perDrug : [])] }],
    [{ colSpan: 2, stack: [label(CIOMS_LABELS[17]), value(b17)] }, emptyCell(), emptyCell()],
    [boxCell(CIOMS_LABELS[18], b18), { colSpan: 2, stack: [label(CIOMS_LABELS[19]), value(b19)] }, emptyCell()],
  ];
  return [sectionTitle(SECTION_TITLES.II), { table: { widths, heights: [44, 32, 32, 32], body }, layout: BOX }];
}

function sectionIII(form: CiomsForm, page: FirstPage): Content[] {
  const [width = 0] = columnWidths([1]);
  const b22 = page.fill('III', CIOMS_LABELS[22], form.concomitantDrugs, width, 52, { whole: Infinity });
  const b23 = page.fill('III', CIOMS_LABELS[23], form.history, width, 52);
  return [
    sectionTitle(SECTION_TITLES.III),
    {
      table: { widths: [width], heights: [52, 52], body: [[boxCell(CIOMS_LABELS[22], b22)], [boxCell(CIOMS_LABELS[23], b23)]] },
      layout: BOX,
    },
  ];
}

function sectionIV(form: CiomsForm, page: FirstPage): Content[] {
  const widths = columnWidths([1, 1, 1.7]);
  const b24a = page.fill('IV', CIOMS_LABELS['24a'], [form.manufacturer], spanWidth(widths, 0, 1), 44);
  const body: TableCell[][] = [
    [{ colSpan: 2, stack: [label(CIOMS_LABELS['24a']), value(b24a)] }, emptyCell(), { rowSpan: 4, text: '' }],
    [{ colSpan: 2, stack: [label(CIOMS_LABELS['24b']), value(form.controlNumber)] }, emptyCell(), emptyCell()],
    [
      boxCell(CIOMS_LABELS['24c'], form.dateReceived),
      {
        stack: [
          label(CIOMS_LABELS['24d']),
          inlineChecks([
            { checked: form.source.study, text: 'ESTUDIO' },
            { checked: form.source.literature, text: 'LITERATURA' },
          ]),
          inlineChecks([{ checked: form.source.healthProfessional, text: 'PROFESIONAL DE LA SALUD' }]),
        ],
      },
      emptyCell(),
    ],
    [
      boxCell(CIOMS_LABELS.reportDate, form.reportDate),
      {
        stack: [
          label(CIOMS_LABELS['25a']),
          inlineChecks([
            { checked: form.reportType === 'initial', text: 'INICIAL' },
            { checked: form.reportType === 'followup', text: 'SEGUIMIENTO' },
          ]),
        ],
      },
      emptyCell(),
    ],
  ];
  return [sectionTitle(SECTION_TITLES.IV), { table: { widths, heights: [44, 'auto', 'auto', 'auto'], body }, layout: BOX }];
}

/** The continuation pages: each box that overflowed, under its section, with the rest of its text. */
function continuation(form: CiomsForm, overflow: readonly Overflow[]): Content[] {
  if (overflow.length === 0) return [];
  const [width = 0] = columnWidths([1]);
  const out: Content[] = [{ text: '', pageBreak: 'before' }, ...header(form.caseNumber, true)];
  for (const section of ['I', 'II', 'III', 'IV'] as const) {
    const boxes = overflow.filter((box) => box.section === section);
    if (boxes.length === 0) continue;
    out.push(sectionTitle(SECTION_TITLES[section]));
    for (const box of boxes) {
      out.push({
        table: {
          widths: [width],
          // The box's title repeats on each page it spans; each paragraph is a row, so a long narrative breaks between them.
          headerRows: 1,
          keepWithHeaderRows: 1,
          body: [[label(`${box.title} (continuación)`)], ...box.paragraphs.map((paragraph): TableCell[] => [value(paragraph)])],
        },
        layout: { ...BOX, hLineWidth: (index, node) => (index === 0 || index === 1 || index === node.table.body.length ? LINE : 0) },
        margin: [0, 0, 0, 3],
      });
    }
  }
  return out;
}

/** The pdfmake document of a CIOMS I form: the first page, then the continuation pages when a box overflowed. */
export function ciomsPdfDefinition(form: CiomsForm, measure: MeasureText, createdAt: Date): TDocumentDefinitions {
  const page = new FirstPage(measure);
  const first: Content[] = [...header(form.caseNumber, false), ...sectionI(form, page), ...sectionII(form, page), ...sectionIII(form, page), ...sectionIV(form, page)];
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN_X, MARGIN_TOP, MARGIN_X, MARGIN_TOP + FOOTER_SPACE],
    language: 'es',
    info: {
      title: printable(`Formulario CIOMS I - ${form.caseNumber}`),
      subject: printable(form.caseNumber),
      author: 'Atalaya',
      creator: 'Atalaya',
      producer: 'Atalaya',
      creationDate: createdAt,
      modDate: createdAt,
    },
    defaultStyle: { font: FONT, fontSize: VALUE_SIZE, color: '#000000' },
    content: [...first, ...continuation(form, page.overflow)],
    footer: (currentPage, pageCount) => ({
      margin: [MARGIN_X, FOOTER_SPACE - 14, MARGIN_X, 0],
      columns: [
        { text: printable(`Formulario CIOMS I - Caso ${form.caseNumber}`), fontSize: 6.5, color: GREY },
        { text: `Página ${currentPage} de ${pageCount}`, fontSize: 6.5, color: GREY, alignment: 'right', width: 'auto' },
      ],
    }),
  };
}

/** The PDF of a CIOMS I form. */
export function renderCiomsPdf(form: CiomsForm, createdAt: Date): Promise<Uint8Array> {
  return renderDefinition(ciomsPdfDefinition(form, measureText(), createdAt));
}
