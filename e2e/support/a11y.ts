import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe';

/** The WCAG levels every screen is held to (issue 20 §2; WCAG 2.1 A too, issue 30 §10: label-content-name-mismatch). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** One blocking finding, as a developer needs it to act: the rule, where, and what axe says. */
export interface A11yFinding {
  screen: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** The phone width of issue 20 §3: nothing may scroll sideways at it. */
export const PHONE_WIDTH = 390;

/** The two windows every screen is audited in (`checkAtBothWidths`). */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
// A 390-px window: innerWidth stays 390 (a touch profile would zoom out to fit a wide page and hide it).
export const PHONE_VIEWPORT = { width: PHONE_WIDTH, height: 844 };

/**
 * Collects, screen after screen, what a test then asserts once: every serious or critical axe
 * violation and every screen wider than the window, so one run lists them all.
 */
export class ScreenAudit {
  readonly findings: A11yFinding[] = [];
  readonly overflows: string[] = [];

  constructor(private readonly page: Page) {}

  /**
   * Runs axe on the page as it is now (but for what `exclude` selects) and, on a phone, the
   * side-scroll check on the whole page.
   */
  async check(screen: string, options: { exclude?: string } = {}): Promise<void> {
    // Let the screen settle: no spinner of a list or a form still loading.
    await expect(this.page.locator('.mantine-Loader-root:visible, [aria-busy="true"]:visible').first()).toBeHidden({ timeout: 15_000 });
    // Only the violations are read: axe then builds no selector or summary for the thousands of
    // nodes that pass (its documented performance option).
    const violations = await axeViolations(this.page, { runOnly: { type: 'tag', values: AXE_TAGS } }, { exclude: options.exclude });
    for (const violation of violations) {
      if (!BLOCKING_IMPACTS.has(violation.impact ?? '')) continue;
      for (const node of violation.nodes) {
        this.findings.push({
          screen,
          rule: violation.id,
          impact: violation.impact ?? '',
          target: node.target.join(' '),
          summary: (node.failureSummary ?? violation.help).replace(/^Fix (any|all) of the following:/, '').replace(/\s+/g, ' ').trim(),
        });
      }
    }
    const width = await this.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    if (width.inner > PHONE_WIDTH) return;
    if (width.scroll > width.inner) this.overflows.push(`${screen}: ${width.scroll} px de ancho en ${width.inner} px`);
  }

  /**
   * `check` in the 1280-px window, then in the 390-px one (the compact layouts: cards, drawers,
   * full-screen dialogs), then back: one visit of the screen serves both widths. The layouts
   * follow the window's media queries as they change, as on a phone turned or a window narrowed.
   */
  async checkAtBothWidths(screen: string, options: { exclude?: string } = {}): Promise<void> {
    await this.page.setViewportSize(DESKTOP_VIEWPORT);
    await this.check(`${screen} · 1280 px`, options);
    await this.page.setViewportSize(PHONE_VIEWPORT);
    try {
      await this.settleAt(PHONE_WIDTH);
      await this.check(`${screen} · ${PHONE_WIDTH} px`, options);
    } finally {
      await this.page.setViewportSize(DESKTOP_VIEWPORT);
      await this.settleAt(DESKTOP_VIEWPORT.width);
    }
  }

  /** Waits for the window to be `width` wide and for two frames, so the layout has followed. */
  private async settleAt(width: number): Promise<void> {
    await this.page.waitForFunction((wanted) => window.innerWidth === wanted, width);
    await this.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  }

  /**
   * Fails with every finding listed, one line per screen, rule and message (the same contrast on
   * twenty badges is one line), with up to three of its elements.
   */
  expectClean(): void {
    const groups = new Map<string, string[]>();
    for (const finding of this.findings) {
      const key = `[${finding.screen}] ${finding.rule} (${finding.impact}): ${finding.summary}`;
      groups.set(key, [...(groups.get(key) ?? []), shortTarget(finding.target)]);
    }
    const lines = [...groups].map(([key, targets]) => `${key}\n    en ${targets.length} elemento(s): ${[...new Set(targets)].slice(0, 3).join(' | ')}`);
    expect(lines, `Violaciones de accesibilidad graves o críticas:\n${lines.join('\n')}`).toEqual([]);
    expect(this.overflows, `Pantallas que se desplazan de costado:\n${this.overflows.join('\n')}`).toEqual([]);
  }
}

/** The last four steps of an axe selector: enough to find the element, short enough to read. */
function shortTarget(target: string): string {
  return target.split(' > ').slice(-4).join(' > ');
}

/** Presses Tab `times` times and answers whether the focus stayed inside `dialog` every time. */
async function tabStaysInside(page: Page, dialog: Locator, times: number, key: 'Tab' | 'Shift+Tab'): Promise<void> {
  for (let press = 0; press < times; press += 1) {
    await page.keyboard.press(key);
    const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
    expect(inside, `${key} #${press + 1} sacó el foco del diálogo`).toBe(true);
  }
}

/**
 * Issue 20 §2: a modal opened from `opener` keeps Tab and Shift+Tab inside it, closes with Escape
 * and gives the focus back to `opener`.
 */
export async function expectKeyboardModal(page: Page, opener: Locator, dialog: Locator, tabs = 12): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), { message: 'el foco entra al diálogo' }).toBe(true);
  // A dialog that loads its content (the ADMIN's 'Editar usuario') is tabbed once it is there:
  // tabbing over its loader, then over the fields that replace it, ends on a different control
  // from run to run (once a combobox that kept the Escape meant for the dialog).
  await expect(dialog.getByRole('status', { name: /^Cargando/ })).toHaveCount(0, { timeout: 15_000 });
  await tabStaysInside(page, dialog, tabs, 'Tab');
  await tabStaysInside(page, dialog, tabs, 'Shift+Tab');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}
