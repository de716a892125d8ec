import { expect, test, type Page } from '@playwright/test';

const SECTIONS = ['Inicio', 'Quiénes Somos', 'Compromiso', 'Reportar', 'Compañías', 'Preguntas Frecuentes'];

async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

test.describe('landing page, desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows every section, tracks them in the side menu and turns the top bar solid on scroll', async ({ page }) => {
    await page.goto('/');
    const sideMenu = page.getByRole('navigation', { name: 'Secciones' });
    await expect(sideMenu).toBeVisible();
    for (const label of SECTIONS) await expect(sideMenu.getByText(label, { exact: true })).toBeAttached();

    const topBar = page.locator('header[data-solid]');
    await expect(topBar).toHaveCount(0);
    await page.mouse.wheel(0, 400);
    await expect(topBar).toHaveCount(1);
  });

  test('lists the companies by country from the database', async ({ page }) => {
    await page.goto('/');
    const companies = page.locator('#companias');
    await companies.scrollIntoViewIfNeeded();
    await expect(companies.getByText('Uruguay').first()).toBeVisible();
  });

  test('the five FAQ panels open to a real answer', async ({ page }) => {
    await page.goto('/');
    const faq = page.locator('#preguntas-frecuentes');
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(5);
    await questions.first().click();
    await expect(faq.getByRole('region').first()).toBeVisible();
  });

  test('the login button leads to the login screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Ingresar' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('landing page, phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('hides the side menu, fits the width and shows the whole call to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Secciones' })).toBeHidden();
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    const report = page.getByRole('button', { name: 'Reportar una reacción adversa' });
    await expect(report).toBeVisible();
    const box = await report.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    // The label is not cut: every part of the button's text fits inside it.
    const cut = await report.evaluate((button) =>
      [button, ...Array.from(button.querySelectorAll('*'))].some((el) => el.scrollWidth > el.clientWidth + 1),
    );
    expect(cut).toBe(false);
  });
});
