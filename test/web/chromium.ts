// Debian's chromium for the browser tests, driven by playwright-core (no browser download):
// where it is, whether it is there, and a fresh headless context with its own profile.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server } from '../serve/client.js';

export const CHROMIUM = process.env['BREDON_CHROMIUM'] ?? '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);

export type Context = import('playwright-core').BrowserContext;

/** A headless chromium with a fresh profile directory; close() removes the profile too. */
export async function launchChromium(): Promise<{ browser: Context; close: () => Promise<void> }> {
  const { chromium } = await import('playwright-core');
  // A fresh profile directory (playwright passes it as --user-data-dir).
  const profile = mkdtempSync(join(tmpdir(), 'bredon-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    viewport: { width: 1280, height: 860 },
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** `bredon serve` (one connection) and a chromium to open its page; close() stops both. */
export async function servePage(): Promise<{ server: Server; browser: Context; close: () => Promise<void> }> {
  const server = new Server(['--max-connections', '1']);
  await server.ready;
  const chromium = await launchChromium();
  return {
    server,
    browser: chromium.browser,
    close: async () => {
      await chromium.close();
      await server.stop();
    },
  };
}
