import { Link } from 'react-router'

import { Icon } from '~/components/site/Icon'
import { buttonBrand, buttonPrimary, eyebrow, sectionTitle } from '~/components/site/styles'
import { Carousel } from '~/components/ui/LazyCarousel'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import { PROMO_CARDS } from '~/content/promo-cards'
import { pageMeta } from '~/lib/seo'
import { currentMonthName } from '~/lib/time'
import { listLiveDealSlides } from '~/models/deals.server'
import { uploadSizes } from '~/models/uploads.server'

import type { Route } from './+types/deals'

/** Deals carousel autoplay: 6 seconds. */
const DEALS_AUTOPLAY_MS = 6000

export async function loader() {
  const slides = await listLiveDealSlides()
  const sizes = await uploadSizes(slides.map((slide) => slide.image_url))
  return {
    month: currentMonthName(),
    slides: slides.map(({ id, title, description, image_url }) => ({
      id,
      title,
      description,
      image_url,
      image_size: (image_url && sizes[image_url]) || null,
    })),
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Deals & Specials',
    description:
      'Dispensary deals in Norman, OK: 15% off your first visit, the best loyalty program statewide, a penny preroll for a 5-star review, and this month’s specials.',
    path: '/deals',
  })

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { month, slides } = loaderData
  return (
    <main>
      <section className="bg-brand-900 text-cream-50">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 md:py-20">
          <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">Save on every visit</p>
          <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">Deals &amp; Specials</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-cream-100">
            Everyday savings for our patients, plus fresh specials every month. Ask your budtender about today’s deals.
          </p>
        </div>
      </section>

      <section aria-label="Everyday deals" className="mx-auto -mt-8 max-w-7xl px-4 sm:px-6">
        <ul className="grid gap-5 md:grid-cols-3">
          {PROMO_CARDS.map((card) => (
            <li key={card.title} className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-cream-200">
              <span className="flex size-12 items-center justify-center rounded-xl bg-accent-400 text-ink-900">
                <Icon name={card.icon} />
              </span>
              <h2 className="mt-4 text-xl font-semibold text-brand-900">{card.title}</h2>
              <p className="mt-2 text-ink-700">{card.subtitle}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="specials-title" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
        <div className="text-center">
          <p className={eyebrow}>This month</p>
          <h2 id="specials-title" className={`mt-2 ${sectionTitle}`}>
            {month} Specials
          </h2>
        </div>
        <div className="mt-8">
          {slides.length > 0 ? (
            <Carousel
              label={`${month} specials`}
              delay={DEALS_AUTOPLAY_MS}
              slideClassName="basis-full"
              slides={slides.map((slide, index) => ({
                key: String(slide.id),
                content: slide.image_url ? (
                  // The page sets the words beside the picture (below it on a phone), so they wrap and scale.
                  <figure className="grid h-full overflow-hidden rounded-3xl bg-white shadow-md ring-1 ring-cream-200 md:grid-cols-[1.15fr_1fr]">
                    <ResponsiveImage
                      src={slide.image_url}
                      size={slide.image_size}
                      fallbackSize={{ width: 1200, height: 600 }}
                      alt=""
                      sizes="(min-width: 1024px) 522px, (min-width: 768px) 54vw, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
                      eager={index === 0}
                      pictureClassName="contents"
                      className="aspect-[2/1] h-full w-full bg-cream-100 object-cover md:aspect-auto md:min-h-72"
                    />
                    <figcaption className="flex flex-col justify-center p-5 sm:p-8">
                      <h3 className="text-2xl leading-tight font-semibold text-balance text-brand-900 sm:text-3xl">
                        {slide.title}
                      </h3>
                      {slide.description ? (
                        <p className="mt-3 text-base text-ink-700 sm:text-lg">{slide.description}</p>
                      ) : null}
                    </figcaption>
                  </figure>
                ) : (
                  // No picture: a card of its own, as tall as a picture slide, with the title in large type.
                  <figure className="relative flex h-full min-h-72 flex-col justify-center overflow-hidden rounded-3xl bg-brand-800 px-6 py-10 text-cream-50 shadow-md sm:px-12">
                    <span
                      aria-hidden="true"
                      className="absolute -top-16 -right-16 size-56 rounded-full border-[28px] border-accent-400/20"
                    />
                    <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-400 text-ink-900">
                      <Icon name="gift" className="size-7" />
                    </span>
                    <figcaption className="relative mt-5 max-w-2xl">
                      <h3 className="text-3xl leading-tight font-semibold text-balance sm:text-4xl">{slide.title}</h3>
                      {slide.description ? <p className="mt-3 text-lg text-cream-100">{slide.description}</p> : null}
                    </figcaption>
                  </figure>
                ),
              }))}
            />
          ) : (
            <div className="rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-cream-200">
              <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-100 text-accent-800">
                <Icon name="gift" className="size-7" />
              </span>
              <h3 className="mt-4 text-2xl font-semibold text-brand-900">New specials are on the way</h3>
              <p className="mx-auto mt-2 max-w-lg text-ink-700">
                There are no monthly specials running right now. Our everyday deals above still apply, and fresh
                specials are posted here as soon as they start.
              </p>
            </div>
          )}
        </div>
        <p className="mt-10 text-center">
          <Link to="/#menu" className={buttonPrimary}>
            Shop These Deals
          </Link>
        </p>
      </section>

      <section aria-labelledby="deals-fine-print" className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="deals-fine-print" className="text-2xl font-semibold text-brand-900">
          Good to know
        </h2>
        <p className="mt-3 text-ink-700">
          A medical card is required for every visit. We are cash only, with an ATM on site. The first-time discount
          cannot be combined with other promotions.
        </p>
        <Link to="/locations" className={`mt-6 ${buttonBrand}`}>
          Find Our Stores
        </Link>
      </section>
    </main>
  )
}
