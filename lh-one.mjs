import { writeFileSync } from 'node:fs'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
const url = process.argv[2]
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox'],
})
const r = await lighthouse(url, {
  port: chrome.port,
  output: 'json',
  onlyCategories: ['performance'],
  extraHeaders: { Cookie: 'age_verified=IjEi' },
  blockedUrlPatterns: (process.env.BLOCK || '').split(',').filter(Boolean),
})
await chrome.kill()
const lhr = r.lhr
writeFileSync('/tmp/lh/last.json', JSON.stringify(lhr))
console.log(
  'score',
  lhr.categories.performance.score,
  'FCP',
  lhr.audits['first-contentful-paint'].numericValue,
  'LCP',
  lhr.audits['largest-contentful-paint'].numericValue,
)
for (const it of lhr.audits['network-requests'].details.items)
  console.log(
    it.priority?.padEnd(9),
    String(Math.round(it.transferSize / 1024)).padStart(4) + 'KB',
    Math.round(it.networkRequestTime),
    Math.round(it.networkEndTime),
    it.resourceType,
    it.url.slice(0, 90),
  )
for (const k of [
  'render-blocking-resources',
  'render-blocking-insight',
  'lcp-breakdown-insight',
  'font-display-insight',
  'network-dependency-tree-insight',
]) {
  const a = lhr.audits[k]
  if (a) console.log(k, a.score, a.displayValue ?? '')
}
const m = lhr.audits.metrics.details.items[0]
console.log(
  'observed FCP',
  m.observedFirstContentfulPaint,
  'LCP',
  m.observedLargestContentfulPaint,
  'load',
  m.observedLoad,
)
