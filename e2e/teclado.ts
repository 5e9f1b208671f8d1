import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only driving: moving the focus with Tab, typing, Space, Enter and the arrow keys. Nothing here
 * clicks; the page is only read (which element has the focus, which option is selected) to decide the next key.
 */

async function temFoco(alvo: Locator): Promise<boolean> {
  return alvo.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

/** Presses Tab until `alvo` has the focus (at most `maximo` presses); fails if it never gets it. */
export async function tabAte(page: Page, alvo: Locator, maximo = 80) {
  await expect(alvo).toBeVisible();
  for (let i = 0; i < maximo; i++) {
    if (await temFoco(alvo)) return;
    await page.keyboard.press('Tab');
  }
  await expect(alvo, `o foco não chegou ao campo com ${maximo} toques em Tab`).toBeFocused();
}

/** Types into the focused control, with a short delay between keys (masks and type-ahead see each key). */
export async function digitar(page: Page, texto: string) {
  await page.keyboard.type(texto, { delay: 15 });
}

/**
 * Chooses an option of the focused native select with the keyboard: types the plain-ASCII start of the label
 * (the select's type-ahead), then ArrowDown until the chosen option is the one wanted.
 */
export async function escolherNoSelect(page: Page, select: Locator, rotulo: string, maximo = 60) {
  await expect(select).toBeFocused();
  await expect(select.getByRole('option', { name: rotulo, exact: true })).toHaveCount(1);
  const prefixo = /^[A-Za-z0-9 ]*/.exec(rotulo)?.[0].slice(0, 3) ?? '';
  if (prefixo.trim()) await page.keyboard.type(prefixo);
  for (let i = 0; i < maximo; i++) {
    const atual = await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? '');
    if (atual === rotulo) return;
    await page.keyboard.press('ArrowDown');
  }
  await expect(select.locator('option:checked')).toHaveText(rotulo);
}

/**
 * Types a date into the focused native date input. The order of the input's parts follows the browser's own
 * language (not the page's), day-month-year or month-day-year, both with the year last: the dates typed here
 * have the same day and month, so that either order gives the same value.
 */
export async function digitarData(page: Page, campo: Locator, iso: string) {
  await expect(campo).toBeFocused();
  const [ano, mes, dia] = iso.split('-') as [string, string, string];
  if (dia !== mes) throw new Error(`digitarData: use uma data com dia igual ao mês (${iso})`);
  await page.keyboard.type(`${dia}${mes}${ano}`);
  await expect(campo).toHaveValue(iso);
}
