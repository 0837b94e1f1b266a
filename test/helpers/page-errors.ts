/**
 * Errors a browser page reports, for tests that drive the web app: uncaught exceptions
 * (`pageerror`) and `console.error` messages, collected from every page a test opens, so that
 * each test can assert at its end that none occurred (not only the last test of a file).
 */
import type { Page } from 'playwright-core';

export class PageErrors {
  private seen: string[] = [];

  /** Starts listening on a page; returns the page. */
  watch(page: Page): Page {
    page.on('pageerror', (e) => this.seen.push(`uncaught: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') this.seen.push(`console.error: ${m.text()}`);
    });
    return page;
  }

  /** The errors reported since the last call; the list starts again empty. */
  take(): string[] {
    const out = this.seen;
    this.seen = [];
    return out;
  }
}
