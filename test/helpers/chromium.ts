import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

function found(): string | null {
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/**
 * Debian's Chromium (or `CHROME_PATH`): found on the machine, else installed with apt-get when we are root, else null
 * with the reason (the test is then skipped and says why). No browser is downloaded from anywhere else.
 */
export function findOrInstallChromium(): { path: string } | { skip: string } {
  const chosen = process.env.CHROME_PATH;
  if (chosen) return existsSync(chosen) ? { path: chosen } : { skip: `CHROME_PATH=${chosen} does not exist` };
  const have = found();
  if (have) return { path: have };
  if (process.getuid?.() !== 0) return { skip: 'Chromium is not installed and we are not root to apt-get install it' };
  if (!existsSync('/usr/bin/apt-get')) return { skip: 'Chromium is not installed and there is no apt-get' };
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env, timeout: 300_000 });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'ignore', env, timeout: 600_000 });
  } catch (err) {
    return { skip: `apt-get install chromium failed (${(err as Error).message.split('\n')[0]})` };
  }
  const path = found();
  return path ? { path } : { skip: 'apt-get installed chromium but no binary was found' };
}

type Listener = (params: Record<string, unknown>, sessionId?: string) => void;

/** A Chrome DevTools Protocol client over `--remote-debugging-pipe` (fd 3 in, fd 4 out, NUL-framed JSON). */
export class Browser {
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; method: string }>();
  private listeners = new Map<string, Listener[]>();
  private buffer = '';
  private exited: string | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly profile: string,
  ) {
    // A browser that dies must fail the test, not hang it.
    child.on('exit', (code, signal) => {
      this.exited = `chromium exited (${signal ?? code})`;
      for (const p of this.pending.values()) p.reject(new Error(`${p.method}: ${this.exited}`));
      this.pending.clear();
    });
    child.on('error', (err) => {
      this.exited = `chromium could not start: ${err.message}`;
    });
    const input = child.stdio[4] as Readable;
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\0')) >= 0) {
        const msg = JSON.parse(this.buffer.slice(0, end)) as {
          id?: number;
          result?: unknown;
          error?: { message: string };
          method?: string;
          params?: Record<string, unknown>;
          sessionId?: string;
        };
        this.buffer = this.buffer.slice(end + 1);
        if (msg.id !== undefined) {
          const p = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          if (msg.error) p?.reject(new Error(`${p.method}: ${msg.error.message}`));
          else p?.resolve(msg.result);
        } else if (msg.method) {
          for (const l of this.listeners.get(msg.method) ?? []) l(msg.params ?? {}, msg.sessionId);
        }
      }
    });
  }

  static launch(path: string): Browser {
    const profile = mkdtempSync(join(tmpdir(), 'ss-chromium-'));
    const args = [
      '--headless=new',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-extensions',
      '--disable-background-networking',
      '--disable-component-update',
      '--mute-audio',
      '--hide-scrollbars',
      '--font-render-hinting=none',
    ];
    if (process.getuid?.() === 0) args.push('--no-sandbox'); // Chromium refuses its sandbox as root
    const child = spawn(path, [...args, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      if (process.env.CHROMIUM_DEBUG) process.stderr.write(d);
    });
    return new Browser(child, profile);
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = this.nextId++;
    const out = this.child.stdio[3] as Writable;
    if (this.exited) return Promise.reject(new Error(`${method}: ${this.exited}`));
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, method });
      out.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    });
  }

  on(method: string, listener: Listener): void {
    this.listeners.set(method, [...(this.listeners.get(method) ?? []), listener]);
  }

  /** Resolves at the next `method` event (for this session). */
  once(method: string, sessionId?: string): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      const l: Listener = (params, sid) => {
        if (sessionId && sid !== sessionId) return;
        this.listeners.set(
          method,
          (this.listeners.get(method) ?? []).filter((x) => x !== l),
        );
        resolve(params);
      };
      this.on(method, l);
    });
  }

  async close(): Promise<void> {
    const exited = new Promise((r) => (this.exited ? r(null) : this.child.once('exit', r)));
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await Promise.race([this.send('Browser.close').catch(() => {}), wait(3000)]);
    await Promise.race([exited, wait(3000)]);
    if (!this.exited) this.child.kill('SIGKILL');
    await Promise.race([exited, wait(3000)]);
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** A page (tab) with helpers a test needs: navigate, evaluate, type, press keys, click. */
export class Page {
  private constructor(
    readonly browser: Browser,
    readonly sessionId: string,
  ) {}

  static async open(browser: Browser): Promise<Page> {
    const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await browser.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const page = new Page(browser, sessionId);
    await page.send('Page.enable');
    await page.send('Runtime.enable');
    await page.send('Log.enable');
    return page;
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.sessionId);
  }

  async goto(url: string): Promise<void> {
    const loaded = this.browser.once('Page.loadEventFired', this.sessionId);
    await this.send('Page.navigate', { url });
    await loaded;
  }

  async eval<T>(expression: string): Promise<T> {
    const r = await this.send<{ result: { value: T }; exceptionDetails?: { text: string } }>('Runtime.evaluate', {
      expression,
      returnByValue: true,
      awaitPromise: true,
    });
    if (r.exceptionDetails) throw new Error(`evaluate ${expression}: ${r.exceptionDetails.text}`);
    return r.result.value;
  }

  /** Polls `expression` until it is truthy (the page works asynchronously); fails after `ms`. */
  async waitFor<T>(expression: string, ms = 60_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await this.eval<T>(expression);
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${expression}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Inserts text at the caret as a paste does. */
  async paste(text: string): Promise<void> {
    await this.send('Input.insertText', { text });
  }

  async press(key: 'Tab' | 'Enter' | 'Space', modifiers: { ctrl?: boolean; shift?: boolean } = {}): Promise<void> {
    const codes = { Tab: 9, Enter: 13, Space: 32 };
    const m = (modifiers.ctrl ? 2 : 0) | (modifiers.shift ? 8 : 0);
    const base = {
      key: key === 'Space' ? ' ' : key,
      code: key,
      windowsVirtualKeyCode: codes[key],
      nativeVirtualKeyCode: codes[key],
      modifiers: m,
    };
    await this.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      ...base,
      ...(key === 'Enter' && !modifiers.ctrl ? { text: '\r' } : {}),
      ...(key === 'Space' ? { text: ' ' } : {}),
    });
    await this.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
  }

  /** Clicks the middle of the element `selector` with the mouse. */
  async click(selector: string): Promise<void> {
    const box = await this.eval<{ x: number; y: number } | null>(
      `(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (!e) return null;
        e.scrollIntoView({ block: 'center' }); const r = e.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`,
    );
    if (!box) throw new Error(`no element ${selector}`);
    for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased'])
      await this.send('Input.dispatchMouseEvent', { type, x: box.x, y: box.y, button: 'left', clickCount: 1 });
  }
}
