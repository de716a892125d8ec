import { spawn } from 'node:child_process';

/**
 * The text of a PDF as poppler's `pdftotext` reads it (the reader a receiver of the PDF uses;
 * Debian package poppler-utils): the PDF on its standard input, the text from its standard
 * output, in reading order (`-layout` keeps the page's columns instead). Pages end with a form feed.
 */
export function pdftotext(pdf: Uint8Array, options: { layout?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', [...(options.layout ? ['-layout'] : []), '-enc', 'UTF-8', '-', '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`pdftotext exited with ${code}: ${Buffer.concat(err).toString('utf8')}`));
    });
    child.stdin.end(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
}

/** The words of a text, blanks and line breaks aside: what a reader finds whatever the layout. */
export function words(text: string): string[] {
  return text.split(/\s+/u).filter((word) => word !== '');
}
