import { test as base, type BrowserContext, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * `outraPessoa()`: a page in a browser context of its own, with the project's device (viewport, touch, locale):
 * another person at another computer (an analyst, an anonymous visitor). Every context opened is closed when the
 * test ends, whether it passed or not.
 */
export const test = base.extend<{ outraPessoa: () => Promise<Page> }>({
  outraPessoa: async ({ browser }, use, testInfo) => {
    const contextos: BrowserContext[] = [];
    const u = testInfo.project.use;
    await use(async () => {
      const contexto = await browser.newContext({
        baseURL: u.baseURL,
        locale: u.locale,
        timezoneId: u.timezoneId,
        viewport: u.viewport,
        isMobile: u.isMobile,
        hasTouch: u.hasTouch,
        deviceScaleFactor: u.deviceScaleFactor,
        userAgent: u.userAgent,
      });
      contextos.push(contexto);
      return contexto.newPage();
    });
    for (const c of contextos) await c.close();
  },
});
