import lighthouse from 'lighthouse';
import type { Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import { freePort } from './app-servers';

/** Lighthouse's accessibility audit of `url` on a phone, signed in with `cookies`. */
export async function accessibilityOf(browser: Browser, url: string, cookie: string) {
  const port = await freePort();
  const audited = await browser.browserType().launch({
    executablePath:
      process.env.CHROMIUM_PATH ||
      (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
    args: ['--no-sandbox', `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(url, {
      port,
      onlyCategories: ['accessibility'],
      formFactor: 'mobile',
      extraHeaders: { Cookie: cookie },
      logLevel: 'error',
    });
    const report = result!.lhr;
    const failed = Object.values(report.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
      )
      .map((audit) => {
        const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)
          ?.items;
        const nodes = (items ?? []).map((item) => item.node?.snippet).filter(Boolean);
        return `${audit.id}: ${audit.title} ${nodes.join(' ')}`;
      });
    return { score: report.categories.accessibility!.score, failed };
  } finally {
    await audited.close();
  }
}
