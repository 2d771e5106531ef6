import { Link } from 'react-router'

import { mayUse } from '~/auth/permissions'
import { requireAdmin } from '~/auth/session.server'
import { ReplicationStatus } from '~/components/admin/ReplicationStatus'
import { VisitsDashboard } from '~/components/admin/VisitsDashboard'
import { config } from '~/config.server'
import { adminMeta } from '~/lib/admin-meta'
import { STORE_TIME_ZONE, todayInStore } from '~/lib/time'
import { visitRange } from '~/lib/visits'
import { countBrands } from '~/models/brands.server'
import { countLiveDealSlides } from '~/models/deals.server'
import { countInquiriesByStatus } from '~/models/inquiries.server'
import { MAX_ATTEMPTS } from '~/models/mail-delivery.server'
import { mailQueueOverview, type UnsentMail } from '~/models/mail-queue.server'
import { countPostsByStatus } from '~/models/posts.server'
import { visitReport } from '~/models/visit-counts.server'
import { replicationStatus } from '~/ops/replication.server'
import { summarizeReplication } from '~/ops/replication-summary'

import type { Route } from './+types/admin._index'

export const meta: Route.MetaFunction = () => adminMeta('Dashboard')

/** The dashboard tiles, each with a live figure; then the mail that has not gone out. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request)
  const [posts, liveDeals, brands, inquiries, applications, mail, replication, visits] = await Promise.all([
    countPostsByStatus(),
    countLiveDealSlides(),
    countBrands(),
    countInquiriesByStatus(),
    countInquiriesByStatus('career'),
    mailQueueOverview(),
    replicationStatus(),
    visitReport(visitRange(new URL(request.url).searchParams.get('days')), todayInStore()),
  ])
  return {
    email: user.email,
    role: user.role,
    posts,
    liveDeals,
    brands,
    inquiries,
    applications,
    // Outgoing mail names its recipients: admins only.
    mail: user.isAdmin ? mail : null,
    maxAttempts: MAX_ATTEMPTS,
    replication: user.isAdmin ? summarizeReplication(replication, config().holdsRealData) : null,
    visits: { report: visits, counting: config().ANALYTICS },
  }
}

interface Tile {
  title: string
  to: string
  figure: number
  unit: string
  detail: string
  action: string
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

function OutgoingMail({
  queued,
  failed,
  unsent,
  maxAttempts,
}: {
  queued: number
  failed: number
  unsent: UnsentMail[]
  maxAttempts: number
}) {
  return (
    <section aria-labelledby="outgoing-mail" className="mt-10">
      <h2 id="outgoing-mail" className="font-sans text-lg font-semibold text-ink-900">
        Outgoing mail
      </h2>
      {queued === 0 && failed === 0 ? (
        <p className="mt-2 text-sm text-ink-600">All mail has been sent.</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-700">
            {plural(queued, 'message')} waiting to be sent · {plural(failed, 'message')} failed. Waiting mail is retried
            automatically; failed mail was given up after {maxAttempts} attempts.
          </p>
          <ul className="mt-4 space-y-3" aria-label="Mail not sent">
            {unsent.map((mail) => (
              <li key={mail.id} className="rounded-lg border border-cream-200 bg-white p-4 text-sm shadow-sm">
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span
                    className={
                      mail.status === 'failed'
                        ? 'rounded-full bg-danger-50 px-2 py-0.5 text-xs font-semibold text-danger-700'
                        : 'rounded-full bg-cream-100 px-2 py-0.5 text-xs font-semibold text-ink-800'
                    }
                  >
                    {mail.status === 'failed' ? 'Failed' : 'Waiting'}
                  </span>
                  <span className="font-semibold [overflow-wrap:anywhere] text-ink-900">{mail.recipient}</span>
                  <span className="[overflow-wrap:anywhere] text-ink-700">
                    {mail.kind === 'password-reset'
                      ? 'Password reset link'
                      : mail.kind === 'invitation'
                        ? 'Staff invitation'
                        : mail.subject}
                  </span>
                </p>
                <p className="mt-1 text-ink-600">
                  Queued {dateTime.format(new Date(mail.created_at))} ·{' '}
                  {mail.status === 'failed'
                    ? `gave up after ${plural(mail.attempts, 'attempt')}`
                    : mail.attempts === 0
                      ? 'not tried yet'
                      : `${plural(mail.attempts, 'attempt')} so far, next ${dateTime.format(new Date(mail.next_attempt_at))}`}
                </p>
                {mail.last_error ? (
                  <p className="mt-1 [overflow-wrap:anywhere] text-ink-700">Last error: {mail.last_error}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { posts, liveDeals, brands, inquiries, applications, mail } = loaderData
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0)
  const allTiles: Tile[] = [
    {
      title: 'Blog',
      to: '/admin/blog',
      figure: posts.published,
      unit: 'published',
      detail: `${plural(posts.draft, 'draft')} · ${posts.scheduled.toLocaleString('en-US')} scheduled`,
      action: 'Manage posts',
    },
    {
      title: 'Deals',
      to: '/admin/deals',
      figure: liveDeals,
      unit: 'live today',
      detail: 'Slides showing in the deals carousel',
      action: 'Manage deals',
    },
    {
      title: 'Brands',
      to: '/admin/brands',
      figure: brands,
      unit: brands === 1 ? 'brand' : 'brands',
      detail: 'Shown on the brands page',
      action: 'Manage brands',
    },
    {
      title: 'Job Applications',
      to: '/admin/applications',
      figure: applications.new,
      unit: 'new',
      detail: `${applications['in-progress'].toLocaleString('en-US')} in progress · ${total(applications).toLocaleString('en-US')} in all`,
      action: 'Review applications',
    },
    {
      title: 'Contact Inquiries',
      to: '/admin/inquiries',
      figure: inquiries.new,
      unit: 'new',
      detail: `${inquiries['in-progress'].toLocaleString('en-US')} in progress · ${total(inquiries).toLocaleString('en-US')} in all`,
      action: 'Review inquiries',
    },
  ]

  // Each role sees the sections it may open.
  const tiles = allTiles.filter((tile) => mayUse(loaderData.role, tile.to))
  return (
    <main>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-ink-900 sm:text-3xl">Dashboard</h1>
          <p className="mt-1 text-sm text-ink-600">Signed in as {loaderData.email}</p>
        </div>
        <div className="flex flex-wrap gap-2 text-sm">
          <Link
            to="/admin/blog/new"
            className="rounded-lg bg-brand-800 px-3 py-2 font-semibold text-cream-50 hover:bg-brand-700"
          >
            New post
          </Link>
          <Link
            to="/"
            target="_blank"
            rel="noopener"
            className="rounded-lg border border-ink-500 bg-white px-3 py-2 font-semibold text-ink-900 hover:bg-cream-100"
          >
            View website
          </Link>
        </div>
      </div>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Overview">
        {tiles.map((tile) => (
          <li key={tile.title}>
            <Link
              to={tile.to}
              className="group flex h-full flex-col rounded-xl border border-cream-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md"
            >
              <h2 className="font-sans text-base font-semibold text-ink-900">{tile.title}</h2>
              <p className="mt-3 flex items-baseline gap-2">
                <span className="text-4xl font-semibold text-brand-800 tabular-nums">
                  {tile.figure.toLocaleString('en-US')}
                </span>
                <span className="text-sm font-medium text-ink-600">{tile.unit}</span>
              </p>
              <p className="mt-1 text-sm text-ink-600">{tile.detail}</p>
              <span className="mt-4 text-sm font-semibold text-brand-700 group-hover:underline">{tile.action} →</span>
            </Link>
          </li>
        ))}
      </ul>
      <VisitsDashboard {...loaderData.visits} />
      {mail ? <OutgoingMail {...mail} maxAttempts={loaderData.maxAttempts} /> : null}
      {loaderData.replication ? <ReplicationStatus summary={loaderData.replication} /> : null}
    </main>
  )
}
