import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import { loadDefaultEncoder } from '../../src/encoder/load.js';
import { openEngine, type Engine } from '../../src/engine.js';
import { searchToJson } from '../../src/render/json.js';
import { createSearchHandler } from '../../src/web/search-page.js';
import { Browser, findOrInstallChromium, Page } from '../helpers/chromium.js';
import { ROOT, SHARED } from '../helpers/paths.js';
import { buildSmallIndex } from '../helpers/small-index.js';

/**
 * The search page in a real headless Chromium (Debian's), driven over the DevTools protocol as a
 * person would use it: keyboard to the box, paste a real CI log, Ctrl+Enter, read the answers.
 * Any console error, uncaught exception or CSP report fails the test.
 * `UPDATE_SCREENSHOT=1` writes docs/search-page.png (SCREENSHOT_INDEX picks a bigger index for it).
 */
const chromium = findOrInstallChromium();
const skip = 'skip' in chromium ? `skipped: ${chromium.skip}` : false;
const chromiumPath = 'path' in chromium ? chromium.path : '';
if (skip) process.stdout.write(`# chromium test ${skip}\n`);

const LOG = readFileSync(join(SHARED, 'fixtures', 'extraction', 'items', 'ci-py-006.txt'), 'latin1');
const HOSTILE =
  'Traceback (most recent call last):\n  File "<script>window.__pwned=1</script>.py", line 1, in <module>\n' +
  '    x = {}["<img src=x onerror=window.__pwned=2>"]\nKeyError: \'<img src=x onerror=window.__pwned=2>\'';

let engine: Engine;
let server: Server;
let base = '';
let browser: Browser;
let page: Page;
const problems: string[] = [];

before(async () => {
  if (skip) return;
  const encoder = await loadDefaultEncoder({ threads: 2, optional: true });
  const indexDir = process.env.SCREENSHOT_INDEX ?? (await buildSmallIndex(3000, encoder));
  engine = openEngine({ indexDir, encoder });
  const getEngine = () => Promise.resolve(engine);
  // The small test index is not the product's corpus: the page under / shows every answer as confident
  // (threshold 0), the same page under /unsure/ marks every answer not confident (a threshold no
  // confidence reaches), to see the page hold the candidates back.
  const main = createSearchHandler({ getEngine, minConfidence: 0 });
  const unsure = createSearchHandler({ getEngine, basePath: '/unsure', minConfidence: 2 });
  server = createServer((req, res) => {
    void (async () => {
      if (!(await unsure(req, res)) && !(await main(req, res))) res.writeHead(404).end();
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = Browser.launch(chromiumPath);
  browser.on('Runtime.exceptionThrown', (p) => problems.push(`exception: ${JSON.stringify(p.exceptionDetails)}`));
  browser.on('Runtime.consoleAPICalled', (p) => {
    if (p.type === 'error' || p.type === 'assert' || p.type === 'warning')
      problems.push(`console.${String(p.type)}: ${JSON.stringify(p.args)}`);
  });
  browser.on('Log.entryAdded', (p) => {
    const e = p.entry as { level: string; text: string; url?: string };
    if (e.level === 'error' || e.level === 'warning') problems.push(`log ${e.level}: ${e.text} ${e.url ?? ''}`);
  });
  page = await Page.open(browser);
  await page.send('Emulation.setDeviceMetricsOverride', {
    width: 1000,
    height: 900,
    deviceScaleFactor: 1,
    mobile: false,
  });
});

beforeEach(() => {
  problems.length = 0; // each test answers for its own console
});

after(async () => {
  if (skip) return;
  await browser?.close();
  server?.close();
  engine?.close();
});

test('paste a real failing log, press Ctrl+Enter, read the answers; no console error', { skip }, async () => {
  await page.goto(base);
  assert.equal(await page.eval('document.title'), 'snippet-search: find the StackOverflow answer for a traceback');
  // Keyboard: the first Tab lands in the text box.
  await page.press('Tab');
  assert.equal(await page.eval('document.activeElement.id'), 'text');
  await page.paste(LOG);
  await page.press('Enter', { ctrl: true });
  const count = await page.waitFor<number>('document.querySelectorAll("#results li").length');
  assert.equal(count, 5);
  const shown = await page.eval<{ error: string; titles: string[]; hrefs: string[]; why: string }>(`({
    error: document.getElementById('error').textContent,
    titles: [...document.querySelectorAll('#results li .title')].map((a) => a.textContent),
    hrefs: [...document.querySelectorAll('#results li a.title')].map((a) => a.href),
    why: document.querySelector('#results li .why')?.textContent ?? '',
  })`);
  assert.equal(shown.error, "ModuleNotFoundError: No module named 'torchvision'");
  const expected = searchToJson(await engine.search(LOG, { top: 5 })) as {
    results: Array<{ title: string; url: string }>;
  };
  assert.deepEqual(
    shown.titles,
    expected.results.map((r) => r.title),
  );
  assert.deepEqual(
    shown.hrefs,
    expected.results.map((r) => r.url),
  );
  assert.match(shown.why, /^why: /);
  assert.equal(await page.eval('document.getElementById("unsure").hidden'), true);
  assert.equal(await page.eval('document.getElementById("status").textContent'), '5 threads found.');

  const shot = await page.send<{ data: string }>('Page.captureScreenshot', {
    format: 'png',
    captureBeyondViewport: true,
  });
  const png = Buffer.from(shot.data, 'base64');
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  const dir = process.env.UPDATE_SCREENSHOT ? join(ROOT, 'docs') : mkdtempSync(join(tmpdir(), 'ss-shot-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'search-page.png'), png);

  // Readable on a phone: nothing wider than the screen.
  await page.send('Emulation.setDeviceMetricsOverride', {
    width: 390,
    height: 844,
    deviceScaleFactor: 2,
    mobile: true,
  });
  const widths = await page.eval<{ doc: number; view: number }>(
    '({ doc: document.documentElement.scrollWidth, view: window.innerWidth })',
  );
  assert.ok(widths.doc <= widths.view, `page ${widths.doc}px wide on a ${widths.view}px phone`);
  await page.send('Emulation.setDeviceMetricsOverride', {
    width: 1000,
    height: 900,
    deviceScaleFactor: 1,
    mobile: false,
  });
  assert.deepEqual(problems, []);
});

test('hostile input is shown as text, never run', { skip }, async () => {
  await page.goto(base);
  await page.click('#text');
  await page.paste(HOSTILE);
  await page.click('#go');
  await page.waitFor('document.getElementById("status").textContent.endsWith("found.")');
  assert.equal(await page.eval('window.__pwned === undefined'), true);
  assert.equal(await page.eval('document.querySelectorAll("main img, main script").length'), 0);
  assert.equal(
    await page.eval('document.getElementById("error").textContent'),
    "KeyError: '<img src=x onerror=window.__pwned=2>'",
  );
  assert.deepEqual(problems, []);
});

test('nothing confident: "no confident match", candidates only behind "show anyway" (keyboard)', { skip }, async () => {
  await page.goto(`${base}unsure/`);
  await page.click('#text');
  await page.paste(LOG);
  await page.click('#go');
  await page.waitFor('document.getElementById("status").textContent === "No confident match."');
  assert.equal(await page.eval('document.getElementById("unsure").hidden'), false);
  assert.equal(await page.eval('document.getElementById("results").hidden'), true);
  assert.match(await page.eval<string>('document.getElementById("unsure").innerText'), /No confident match/);
  // Tab from the Search button reaches "Show anyway"; Enter opens the candidates.
  await page.eval('document.getElementById("go").focus()');
  await page.press('Tab');
  assert.equal(await page.eval('document.activeElement.id'), 'show-anyway');
  await page.press('Enter');
  assert.equal(await page.eval('document.getElementById("results").hidden'), false);
  assert.equal(await page.eval('document.getElementById("show-anyway").getAttribute("aria-expanded")'), 'true');
  assert.equal(await page.eval('document.querySelectorAll("#results li").length'), 5);
  assert.deepEqual(problems, []);
});

test(
  'input over the limit is refused in the page with a clear message (and 413 from the server)',
  { skip },
  async () => {
    await page.goto(base);
    await page.click('#text');
    await page.eval('document.getElementById("text").value = "x".repeat(2 * 1024 * 1024)');
    await page.press('Enter', { ctrl: true });
    const status = await page.waitFor<string>('document.getElementById("status").textContent');
    assert.match(status, /^That is more than \d+ KiB: paste the failing part/);
    const code = await page.eval<number>(
      `fetch('api/search', { method: 'POST', headers: { 'content-type': 'application/json' },
       body: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }) }).then((r) => r.status)`,
    );
    assert.equal(code, 413);
    // A 413 is a network-level error the browser logs for fetch; it is expected here.
    problems.splice(0, problems.length, ...problems.filter((p) => !/status of 413/.test(p)));
    assert.deepEqual(problems, []);
  },
);
