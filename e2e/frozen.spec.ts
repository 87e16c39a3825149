// Issue 25: never frozen. Copy link on a 1 MB input runs its work (secret scan, link plan, compression, the
// Markdown) off the main thread or in slices: a key pressed while it works is handled within 100 ms, measured in
// the page (the keydown's handling time minus the event's own timestamp). The over-long link's message names
// what is large (here the input, the catalog being built in) and the remedy that fits.
import { expect, test } from './fixtures.ts';
import { bigClusterYaml } from '../bench/support/bigResource.ts';
import { setInput, waitForApp } from './shareHelpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('Copy link on a 1 MB input: every key pressed while it works is handled; the refusal names the input', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('./');
  await waitForApp(page);
  await page.getByLabel('Catalog', { exact: true }).selectOption('b:servicefabric');
  await waitForApp(page);
  // Values that do not compress away (a pseudo-random letter run each): the link is too long to copy.
  let state = 7;
  const noise = () =>
    Array.from({ length: 16 }, () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return String.fromCharCode(97 + (state % 26));
    }).join('');
  const yaml = bigClusterYaml(1_000_000).replace(/abcdefghijklmnop/g, noise);
  await setInput(page, yaml);
  await page.waitForFunction((n) => window.__versionExplorer?.rendered?.inputLength === n, yaml.length, {
    timeout: 60_000,
  });
  await page.evaluate(() => {
    const w = window as unknown as { keyDelays: number[] };
    w.keyDelays = [];
    window.addEventListener('keydown', (e) => w.keyDelays.push(performance.now() - e.timeStamp), true);
  });
  const copyLink = page.getByRole('button', { name: 'Copy link' });
  await copyLink.click();
  const done = page.getByTestId('copy-refused').or(page.getByTestId('share-status'));
  // Keys pressed while the copy works, until its outcome shows.
  let presses = 0;
  do {
    await page.keyboard.press('Shift');
    presses++;
  } while (!(await done.isVisible()) && presses < 40);
  await expect(done).toBeVisible({ timeout: 60_000 });
  // Every key reached the page (none dropped while the link was made). How fast is a benchmark's question
  // (npm run bench:ui), not a timed assertion here.
  const delays = await page.evaluate(() => (window as unknown as { keyDelays: number[] }).keyDelays);
  expect(delays).toHaveLength(presses);
  // Too long for a GitHub comment: the input is what is large; the catalog is built in (no "load the catalog").
  const refused = page.getByTestId('copy-refused');
  await expect(refused).toHaveAttribute('data-large', 'input');
  await expect(refused).not.toContainText('Load the catalog');
});
