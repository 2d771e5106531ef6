import { AboutBelowFold } from '~/components/about/AboutBelowFold'
import { Icon } from '~/components/site/Icon'
import { eyebrow, sectionTitle } from '~/components/site/styles'
import { badges, STORY_POINTS } from '~/content/about'
import { pageMeta } from '~/lib/seo'
import { useSettings } from '~/root-data'

import type { Route } from './+types/about'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'About Us',
    description:
      'Meet Norman’s neighbourhood medical dispensary: fresh inventory daily, friendly budtenders, price match, loyalty points and online ordering with curbside pickup.',
    path: '/about',
  })

export default function About() {
  const settings = useSettings()
  const store = settings.stores.Lindsey

  return (
    <main>
      {/* Hero with tagline */}
      <section className="bg-brand-900 text-cream-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
          <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">About {settings.brand_name}</p>
          <h1 className="mt-3 max-w-3xl text-4xl leading-tight font-semibold sm:text-5xl">
            Norman’s neighbourhood dispensary, built around our patients
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-cream-100">
            Fresh product, fair prices and people who take the time to help. That is the whole idea.
          </p>
          <ul className="mt-8 flex flex-wrap gap-2" aria-label="Badges">
            {badges(store).map((badge) => (
              <li
                key={badge.label}
                className="inline-flex items-center gap-2 rounded-full bg-brand-800 px-4 py-2 text-sm font-semibold text-cream-50 ring-1 ring-cream-50/15"
              >
                <Icon name={badge.icon} className="size-4 text-accent-300" />
                {badge.label}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Our Story */}
      <section
        aria-labelledby="story-title"
        className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2"
      >
        <div>
          <p className={eyebrow}>Since day one</p>
          <h2 id="story-title" className={`mt-2 ${sectionTitle}`}>
            Our Story
          </h2>
          <p className="mt-4 text-lg text-ink-700">
            {settings.brand_name} opened at {store.street} with a simple promise: a welcoming shop where every patient
            gets honest advice and a fair price. Today we carry over 1,000 products and still treat every visit like the
            first.
          </p>
          <p className="mt-4 text-ink-700">
            We are proud to be part of Norman, and proud of our sister store, {settings.stores.BlueWater.name}, on{' '}
            {settings.stores.BlueWater.street}.
          </p>
        </div>
        <ul className="grid content-center gap-3">
          {STORY_POINTS.map((point) => (
            <li
              key={point}
              className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-cream-50">
                <Icon name="check" className="size-5" />
              </span>
              <span className="font-medium text-ink-900">{point}</span>
            </li>
          ))}
        </ul>
      </section>

      {/* The rest is below the fold on every screen; its code loads when it nears the screen. */}
      <AboutBelowFold settings={settings} />
    </main>
  )
}
