import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, as every browser test drives it (never a browser download): the flags keep it from
 * reaching for Google's services, which this machine's closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  // README command 1 installs no browser; command 2 (and `PLATFORM_BROWSER=1 bash scripts/install.sh`) does.
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: PLATFORM_BROWSER=1 bash scripts/install.sh installs it`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
