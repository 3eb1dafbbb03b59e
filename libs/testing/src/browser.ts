import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, headless, as every browser test drives it (never a browser download): the flags keep it from
 * reaching for Google's services, which this machine's closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
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
