// Every e2e test runs with this `test`: an uncaught exception or unhandled rejection on any page of the
// test fails it, whatever the test itself checks ("never an uncaught exception").
import { expect, test as base, type Page } from '@playwright/test';

export const test = base.extend<{ noUncaughtErrors: void }>({
  noUncaughtErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const watch = (p: Page) => p.on('pageerror', (e) => errors.push(e.message));
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(errors, 'uncaught errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page };
