import { saveBlob } from '../../shared/api';

/** One line of a chart's table: its cells, already as text. */
export type TableRow = readonly (string | number)[];

function csvCell(value: string | number): string {
  const text = String(value);
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A chart's table as CSV: semicolon-separated (what a Spanish-locale spreadsheet opens in
 * columns), CRLF lines, a UTF-8 byte order mark so accents survive.
 */
export function toCsv(header: TableRow, rows: readonly TableRow[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

export function downloadCsv(fileName: string, header: TableRow, rows: readonly TableRow[]): void {
  saveBlob(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * The chart's SVG drawn on a canvas (white background, twice the size for sharpness) and
 * saved as PNG. CSS variables the SVG refers to are resolved first, so colours and texts
 * keep their look outside the page.
 */
export async function downloadPng(container: HTMLElement, fileName: string, title: string): Promise<void> {
  const svg = container.querySelector('svg.recharts-surface') ?? container.querySelector('svg');
  if (!(svg instanceof SVGSVGElement)) throw new Error('no chart');
  const { width, height } = svg.getBoundingClientRect();
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const style = getComputedStyle(container);
  const resolve = (value: string) => value.replace(/var\((--[\w-]+)\)/g, (_match, name: string) => style.getPropertyValue(name).trim() || 'currentColor');
  for (const element of [copy, ...copy.querySelectorAll('*')]) {
    for (const attribute of ['fill', 'stroke', 'stop-color']) {
      const value = element.getAttribute(attribute);
      if (value?.includes('var(')) element.setAttribute(attribute, resolve(value));
    }
  }
  const source = new XMLSerializer().serializeToString(copy);
  const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    await new Promise<void>((resolveLoad, reject) => {
      image.onload = () => resolveLoad();
      image.onerror = () => reject(new Error('image'));
      image.src = url;
    });
    const scale = 2;
    const titleHeight = 32;
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil((height + titleHeight) * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('canvas');
    context.scale(scale, scale);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height + titleHeight);
    context.fillStyle = '#212529';
    context.font = '600 16px sans-serif';
    context.fillText(title, 8, 22);
    context.drawImage(image, 0, titleHeight, width, height);
    const blob = await new Promise<Blob | null>((resolveBlob) => canvas.toBlob(resolveBlob, 'image/png'));
    if (!blob) throw new Error('png');
    saveBlob(blob, fileName);
  } finally {
    URL.revokeObjectURL(url);
  }
}
