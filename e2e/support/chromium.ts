import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own build if one is installed. */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {}
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
        'or point CHROMIUM_PATH at a Chrome/Chromium binary.',
    );
  }
  return found;
}
