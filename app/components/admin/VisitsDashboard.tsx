import { Link } from 'react-router'

import type { StoreKey } from '~/db/types'
import { tapItem, type TapKind, TAPS } from '~/lib/taps'
import { type DayFigures, type Ranked, VISIT_RANGES, type VisitReport } from '~/lib/visits'
import { useSettings } from '~/root-data'

const STORES: StoreKey[] = ['Lindsey', 'BlueWater']
const TAP_KINDS = Object.keys(TAPS) as TapKind[]

const number = (n: number) => n.toLocaleString('en-US')
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' })
const weekday = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short' })

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new this week'
  const percent = Math.round(((now - before) / before) * 100)
  return percent === 0 ? 'no change' : `${percent > 0 ? 'up' : 'down'} ${Math.abs(percent)}%`
}

/** The taps of a day (or a range) for one kind and store; per-store kinds summed over both stores when store is null. */
function tapsOf(taps: Record<string, number>, tap: TapKind, store: StoreKey | null): number {
  if (!TAPS[tap].perStore) return taps[tapItem(tap, null)] ?? 0
  if (store) return taps[tapItem(tap, store)] ?? 0
  return STORES.reduce((sum, key) => sum + (taps[tapItem(tap, key)] ?? 0), 0)
}

function summaryOf(perDay: DayFigures[]): string {
  const from = perDay[0]
  const to = perDay.at(-1)!
  const total = perDay.reduce((sum, d) => sum + d.visitors, 0)
  if (total === 0) return `No visitors were counted from ${shortDay(from.day)} to ${shortDay(to.day)}.`
  const busiest = perDay.reduce((best, d) => (d.visitors > best.visitors ? d : best))
  const quietest = perDay.reduce((low, d) => (d.visitors < low.visitors ? d : low))
  const average = Math.round(total / perDay.length)
  return (
    `Visitors per day from ${shortDay(from.day)} to ${shortDay(to.day)}: ${number(total)} in all, ` +
    `${number(average)} a day on average. The busiest day was ${weekday(busiest.day)} ${shortDay(busiest.day)} ` +
    `with ${number(busiest.visitors)}; the quietest was ${weekday(quietest.day)} ${shortDay(quietest.day)} ` +
    `with ${number(quietest.visitors)}.`
  )
}

/** Visitors per day as bars, drawn on the server; the text summary and the table say the same in words. */
function VisitsChart({ perDay, labelledBy }: { perDay: DayFigures[]; labelledBy: string }) {
  const width = 720
  const height = 200
  const left = 40
  const bottom = 24
  const top = 8
  const plotWidth = width - left - 8
  const plotHeight = height - top - bottom
  const max = Math.max(1, ...perDay.map((d) => d.visitors))
  // A round top for the scale: 1, 2, 5 × 10ⁿ.
  const magnitude = 10 ** Math.floor(Math.log10(max))
  const scaleTop = [1, 2, 5, 10].map((m) => m * magnitude).find((v) => v >= max)!
  const slot = plotWidth / perDay.length
  const barWidth = Math.max(1, slot * 0.7)
  const y = (value: number) => top + plotHeight - (value / scaleTop) * plotHeight
  const labelEvery = perDay.length <= 7 ? 1 : perDay.length <= 30 ? 7 : 14
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={labelledBy}
      className="mt-4 h-auto w-full min-w-[36rem] overflow-visible"
    >
      {[0, scaleTop / 2, scaleTop].map((value) => (
        <g key={value}>
          <line x1={left} x2={width - 8} y1={y(value)} y2={y(value)} className="stroke-cream-300" strokeWidth="1" />
          <text x={left - 6} y={y(value) + 4} textAnchor="end" className="fill-ink-600 text-[11px]">
            {number(value)}
          </text>
        </g>
      ))}
      {perDay.map((d, index) => (
        <rect
          key={d.day}
          x={left + index * slot + (slot - barWidth) / 2}
          y={y(d.visitors)}
          width={barWidth}
          height={Math.max(0, top + plotHeight - y(d.visitors))}
          rx={Math.min(3, barWidth / 3)}
          className="fill-brand-700"
        >
          {/* One string: React treats a <title> of several text pieces as a mismatch on hydration. */}
          <title>{`${shortDay(d.day)}: ${number(d.visitors)} visitors, ${number(d.views)} page views`}</title>
        </rect>
      ))}
      {perDay.map((d, index) =>
        (perDay.length - 1 - index) % labelEvery === 0 ? (
          <text
            key={d.day}
            x={left + index * slot + slot / 2}
            y={height - 6}
            textAnchor="middle"
            className="fill-ink-600 text-[11px]"
          >
            {shortDay(d.day)}
          </text>
        ) : null,
      )}
    </svg>
  )
}

function RankedTable({
  caption,
  column,
  rows,
  empty,
  render,
}: {
  caption: string
  column: string
  rows: Ranked[]
  empty: string
  render?: (row: Ranked) => React.ReactNode
}) {
  return (
    <div className="rounded-xl border border-cream-200 bg-white p-4 shadow-sm">
      {rows.length === 0 ? (
        <>
          <h3 className="font-sans text-base font-semibold text-ink-900">{caption}</h3>
          <p className="mt-2 text-sm text-ink-600">{empty}</p>
        </>
      ) : (
        <table className="w-full text-sm">
          <caption className="text-left font-sans text-base font-semibold text-ink-900">{caption}</caption>
          <thead>
            <tr className="border-b border-cream-200 text-left text-ink-600">
              <th scope="col" className="py-2 pr-2 font-medium">
                {column}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Count
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.item} className="border-b border-cream-100 last:border-0">
                <td className="py-1.5 pr-2 [overflow-wrap:anywhere] text-ink-900">{render ? render(row) : row.item}</td>
                <td className="py-1.5 text-right text-ink-900 tabular-nums">{number(row.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl border border-cream-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-ink-700">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold text-brand-800 tabular-nums">{value}</dd>
      <dd className="mt-1 text-sm text-ink-600">{detail}</dd>
    </div>
  )
}

/**
 * The dashboard's visits section: the range selector (links, so it works
 * without JavaScript), the figures of the range and of this week against the
 * last, visitors per day as a chart with its summary and table, the pages and
 * posts read most, where visitors came from, their devices, and the taps per
 * store.
 */
export function VisitsDashboard({ report, counting }: { report: VisitReport; counting: boolean }) {
  const settings = useSettings()
  const storeName = (key: StoreKey) => settings.stores[key].name
  const { perDay, totals, thisWeek, lastWeek } = report
  const deviceTotal = report.devices.phone + report.devices.tablet + report.devices.desktop
  const percent = (n: number) => (deviceTotal === 0 ? 0 : Math.round((n / deviceTotal) * 100))
  const tapColumns = TAP_KINDS.flatMap((tap) =>
    TAPS[tap].perStore
      ? STORES.map((store) => ({
          tap,
          store: store as StoreKey | null,
          label: `${TAPS[tap].label}, ${storeName(store)}`,
        }))
      : [{ tap, store: null, label: TAPS[tap].label }],
  )
  const livemenuViews = report.topPages.find((row) => row.item === '/live-menu')?.count

  return (
    <section aria-labelledby="visits-title" className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="visits-title" className="font-sans text-lg font-semibold text-ink-900">
            Visits
          </h2>
          <p className="mt-1 text-sm text-ink-600">
            {shortDay(report.from)} – {shortDay(report.to)}. Counted on this server, without cookies; staff and bots are
            left out.
          </p>
        </div>
        <nav aria-label="Range of days">
          <ul className="flex gap-1 rounded-lg bg-cream-100 p-1 text-sm">
            {VISIT_RANGES.map((days) => (
              <li key={days}>
                <Link
                  to={`?days=${days}`}
                  preventScrollReset
                  aria-current={days === report.days ? 'page' : undefined}
                  className="block min-h-11 min-w-11 rounded-md px-3 py-2.5 text-center font-semibold text-ink-800 hover:bg-white aria-[current=page]:bg-brand-800 aria-[current=page]:text-cream-50"
                >
                  {days} days
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {counting ? null : (
        <p className="mt-3 rounded-lg border border-accent-500 bg-accent-100 p-3 text-sm text-ink-900">
          Counting is turned off on this server (ANALYTICS=0): the figures below stop at the day it was turned off.
        </p>
      )}

      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <Figure
          label={`Visitors, last ${report.days} days`}
          value={number(totals.visitors)}
          detail={`${number(totals.views)} page views`}
        />
        <Figure
          label="Visitors this week"
          value={number(thisWeek.visitors)}
          detail={`Last week ${number(lastWeek.visitors)}: ${change(thisWeek.visitors, lastWeek.visitors)}`}
        />
        <Figure
          label="Page views this week"
          value={number(thisWeek.views)}
          detail={`Last week ${number(lastWeek.views)}: ${change(thisWeek.views, lastWeek.views)}`}
        />
      </dl>

      <figure className="mt-4 rounded-xl border border-cream-200 bg-white p-4 shadow-sm">
        <figcaption>
          <h3 className="font-sans text-base font-semibold text-ink-900">Visitors per day</h3>
          <p id="visits-chart-summary" className="mt-1 text-sm text-ink-700">
            {summaryOf(perDay)}
          </p>
        </figcaption>
        {/* On a phone the chart keeps a readable size and scrolls sideways. */}
        <div
          role="region"
          aria-label="Chart of visitors per day"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <VisitsChart perDay={perDay} labelledBy="visits-chart-summary" />
        </div>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-800">
            Show the figures per day as a table, with the taps per store
          </summary>
          {/* Focusable, so the table can be scrolled sideways from the keyboard on a phone. */}
          <div
            role="region"
            aria-label="Figures per day"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="mt-2 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <table className="w-full min-w-max text-sm">
              <caption className="sr-only">Visitors, page views and taps per day</caption>
              <thead>
                <tr className="border-b border-cream-200 text-left text-ink-600">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Day
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Visitors
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Page views
                  </th>
                  {tapColumns.map((column) => (
                    <th key={column.label} scope="col" className="py-2 pr-3 text-right font-medium">
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...perDay].reverse().map((d) => (
                  <tr key={d.day} className="border-b border-cream-100 last:border-0">
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap text-ink-900">
                      {weekday(d.day)} {shortDay(d.day)}
                    </th>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{number(d.visitors)}</td>
                    <td className="py-1.5 pr-3 text-right tabular-nums">{number(d.views)}</td>
                    {tapColumns.map((column) => (
                      <td key={column.label} className="py-1.5 pr-3 text-right tabular-nums">
                        {number(tapsOf(d.taps, column.tap, column.store))}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figure>

      <div
        role="region"
        aria-label="Taps per store"
        // A region that scrolls sideways must take focus, so it can be scrolled from the keyboard.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="mt-4 overflow-x-auto rounded-xl border border-cream-200 bg-white p-4 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <table className="w-full text-sm">
          <caption className="text-left font-sans text-base font-semibold text-ink-900">
            Taps, last {report.days} days
          </caption>
          <thead>
            <tr className="border-b border-cream-200 text-left text-ink-600">
              <th scope="col" className="py-2 pr-3 font-medium">
                Tap
              </th>
              {STORES.map((store) => (
                <th key={store} scope="col" className="py-2 pr-3 text-right font-medium">
                  {storeName(store)}
                </th>
              ))}
              <th scope="col" className="py-2 text-right font-medium">
                All
              </th>
            </tr>
          </thead>
          <tbody>
            {TAP_KINDS.map((tap) => (
              <tr key={tap} className="border-b border-cream-100 last:border-0">
                <th scope="row" className="py-1.5 pr-3 text-left font-normal text-ink-900">
                  {TAPS[tap].label}
                </th>
                {STORES.map((store) => (
                  <td key={store} className="py-1.5 pr-3 text-right tabular-nums">
                    {TAPS[tap].perStore ? number(tapsOf(report.taps, tap, store)) : '—'}
                  </td>
                ))}
                <td className="py-1.5 text-right font-semibold tabular-nums">
                  {number(tapsOf(report.taps, tap, null))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-ink-600">
          Shop Live Menu counts every tap on its buttons and on the menu links of the live menu page
          {livemenuViews === undefined ? '' : `, which was opened ${number(livemenuViews)} times`}. Calls and directions
          are counted for the store they belong to.
        </p>
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <RankedTable
          caption="Top pages"
          column="Page"
          rows={report.topPages}
          empty="No page views yet."
          render={(row) => (
            <a href={row.item} className="text-brand-800 underline-offset-2 hover:underline">
              {row.item}
            </a>
          )}
        />
        <RankedTable
          caption="Top posts"
          column="Post"
          rows={report.topPosts}
          empty="No post has been read yet."
          render={(row) => (
            <a href={row.item} className="text-brand-800 underline-offset-2 hover:underline">
              {report.topPosts.find((post) => post.item === row.item)?.title ?? row.item}
            </a>
          )}
        />
        <RankedTable
          caption="Where visitors came from"
          column="Site"
          rows={report.referrers}
          empty="No visits yet."
          render={(row) => (row.item === 'direct' ? 'Direct (typed, bookmarked or an app)' : row.item)}
        />
        <div className="rounded-xl border border-cream-200 bg-white p-4 shadow-sm">
          <h3 className="font-sans text-base font-semibold text-ink-900">Devices</h3>
          {deviceTotal === 0 ? (
            <p className="mt-2 text-sm text-ink-600">No visitors yet.</p>
          ) : (
            <ul className="mt-2 space-y-2 text-sm">
              {(['phone', 'tablet', 'desktop'] as const).map((device) => (
                <li key={device}>
                  <p className="flex justify-between text-ink-900">
                    <span className="capitalize">{device}</span>
                    <span className="tabular-nums">
                      {number(report.devices[device])} ({percent(report.devices[device])}%)
                    </span>
                  </p>
                  <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-cream-100">
                    <div
                      className="h-2 rounded-full bg-brand-700"
                      style={{ width: `${percent(report.devices[device])}%` }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
          {report.campaigns.sources.length > 0 || report.campaigns.campaigns.length > 0 ? (
            <>
              <h3 className="mt-4 font-sans text-base font-semibold text-ink-900">Campaigns</h3>
              <ul className="mt-2 space-y-1 text-sm text-ink-900">
                {report.campaigns.sources.map((row) => (
                  <li key={`source-${row.item}`} className="flex justify-between gap-2">
                    <span className="[overflow-wrap:anywhere]">Source: {row.item}</span>
                    <span className="tabular-nums">{number(row.count)}</span>
                  </li>
                ))}
                {report.campaigns.campaigns.map((row) => (
                  <li key={`campaign-${row.item}`} className="flex justify-between gap-2">
                    <span className="[overflow-wrap:anywhere]">Campaign: {row.item}</span>
                    <span className="tabular-nums">{number(row.count)}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
    </section>
  )
}
