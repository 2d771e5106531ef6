import { Link } from 'react-router'

import { Icon } from '~/components/site/Icon'
import {
  buttonBrand,
  buttonOutline,
  buttonOutlineLight,
  buttonPrimary,
  eyebrow,
  sectionTitle,
} from '~/components/site/styles'
import { TapLink } from '~/components/site/TapLink'
import { Carousel } from '~/components/ui/LazyCarousel'
import { LineIcon } from '~/components/ui/LineIcon'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import { faqItems } from '~/content/faq'
import { HIGHLIGHTS, storePerks } from '~/content/highlights'
import { TESTIMONIALS } from '~/content/testimonials'
import type { ImageSize } from '~/lib/responsive-image'
import { formatLongDate } from '~/lib/time'
import type { SiteSettings } from '~/schemas/settings'

/** Brands carousel autoplay. */
const BRANDS_AUTOPLAY_MS = 4000

export interface HomePost {
  id: number
  title: string
  slug: string
  excerpt: string | null
  hero_image_url: string | null
  hero_image_size: ImageSize | null
  published_at: string | null
  read_minutes: number
}

export interface HomeBrand {
  id: number
  name: string
  /** An upload (`/uploads/brands/…`) or a picture shipped in public/brands. */
  logo_url: string
  /** The stored size of an uploaded logo; null for any other. */
  logo_size: ImageSize | null
}

/** A logo is drawn in a fifth, a third or half of a page at most 1280 px wide. */
const BRAND_LOGO_SIZES = '(min-width: 1280px) 210px, (min-width: 1024px) 17vw, (min-width: 640px) 30vw, 45vw'

/**
 * Sections 4–11 of the home page: highlights, intro, perks, featured brands,
 * latest posts, reviews, FAQ, closing call. A list that is empty (no featured
 * brand, no post) leaves its section out.
 */
export function HomeSections({
  settings,
  posts,
  brands,
}: {
  settings: SiteSettings
  posts: HomePost[]
  brands: HomeBrand[]
}) {
  const store = settings.stores.Lindsey
  return (
    <>
      {/* 4. Value highlights */}
      <section aria-labelledby="why-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="why-title" className="sr-only">
          Why patients choose us
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {HIGHLIGHTS.map((item) => (
            <li
              key={item.title}
              className="flex items-start gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200 sm:block sm:p-6 sm:text-center"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:mx-auto">
                <Icon name={item.icon} />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-brand-900 sm:mt-4">{item.title}</h3>
                <p className="mt-1 text-sm text-ink-600 sm:mt-2">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {/* 5. Intro */}
      <section aria-labelledby="intro-title" className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <p className={eyebrow}>Norman’s neighbourhood dispensary</p>
        <h2 id="intro-title" className={`mt-2 ${sectionTitle}`}>
          Over 1,000 products under one roof
        </h2>
        <p className="mt-4 text-lg text-ink-700">
          From flower and shake to edibles, prerolls, cartridges, disposables, glass and accessories, we carry over
          1,000 products, with fresh inventory updated daily. Our budtenders are happy to help you compare options, and
          every patient earns loyalty points on every purchase.
        </p>
        <Link to="/about" className={`mt-6 ${buttonOutline}`}>
          Learn More
          <span className="sr-only"> about {settings.brand_name}</span>
        </Link>
      </section>

      {/* 6. Three cards */}
      <section aria-label="Store perks" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <ul className="grid gap-5 md:grid-cols-3">
          {storePerks(store).map((card) => (
            <li key={card.title} className="flex gap-4 rounded-2xl bg-brand-800 p-6 text-cream-50 shadow-md">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-400 text-ink-900">
                <Icon name={card.icon} />
              </span>
              <div>
                <h3 className="text-xl font-semibold">{card.title}</h3>
                <p className="mt-1 text-cream-100">{card.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {/* 7. Brands carousel: the featured brands, in their sort order; nothing when none is featured */}
      {brands.length > 0 ? (
        <section aria-labelledby="brands-title" className="bg-white py-16">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end">
              <div>
                <p className={eyebrow}>Brands we carry</p>
                <h2 id="brands-title" className={`mt-2 ${sectionTitle}`}>
                  Oklahoma’s favourite brands
                </h2>
              </div>
              <div className="flex gap-3">
                <a href="#menu" className={buttonBrand}>
                  Shop All Brands
                </a>
                <Link to="/brands" className={buttonOutline}>
                  View All
                  <span className="sr-only"> brands</span>
                </Link>
              </div>
            </div>
            <div className="mt-8">
              <Carousel
                label="Featured brands"
                delay={BRANDS_AUTOPLAY_MS}
                slideClassName="basis-1/2 sm:basis-1/3 lg:basis-1/5"
                slides={brands.map((brand) => ({
                  key: String(brand.id),
                  content: (
                    <figure className="flex h-full flex-col items-center rounded-2xl bg-cream-50 p-4 ring-1 ring-cream-200 ring-inset">
                      {/* The logo fills the box (contain): its height must not depend on the slide's layout. */}
                      <span className="relative block aspect-[2/1] w-full">
                        <ResponsiveImage
                          src={brand.logo_url}
                          size={brand.logo_size}
                          fallbackSize={{ width: 240, height: 120 }}
                          alt={`${brand.name} logo`}
                          sizes={BRAND_LOGO_SIZES}
                          pictureClassName="contents"
                          className="absolute inset-0 h-full w-full object-contain"
                        />
                      </span>
                      <figcaption className="mt-2 text-center text-sm font-medium text-ink-700">
                        {brand.name}
                      </figcaption>
                    </figure>
                  ),
                }))}
              />
            </div>
          </div>
        </section>
      ) : null}

      {/* 8. Latest posts: nothing at all when there are none */}
      {posts.length > 0 ? (
        <section aria-labelledby="posts-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <div className="flex items-end justify-between gap-4">
            <div>
              <p className={eyebrow}>From the blog</p>
              <h2 id="posts-title" className={`mt-2 ${sectionTitle}`}>
                Latest Posts
              </h2>
            </div>
            <Link to="/blog" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              All posts
            </Link>
          </div>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id}>
                <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-cream-200">
                  {post.hero_image_url ? (
                    <ResponsiveImage
                      src={post.hero_image_url}
                      size={post.hero_image_size}
                      fallbackSize={{ width: 1200, height: 630 }}
                      alt=""
                      sizes="(min-width: 1280px) 400px, (min-width: 768px) 30vw, 100vw"
                      className="aspect-[1200/630] w-full object-cover"
                    />
                  ) : null}
                  <div className="flex flex-1 flex-col p-6">
                    <p className="text-sm text-ink-600">
                      {post.published_at ? (
                        <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
                      ) : null}
                      {' · '}
                      {post.read_minutes} min read
                    </p>
                    <h3 className="mt-2 line-clamp-2 text-xl font-semibold text-brand-900">
                      <Link to={`/blog/${post.slug}`} className="hover:underline">
                        {post.title}
                      </Link>
                    </h3>
                    {post.excerpt ? <p className="mt-2 line-clamp-3 text-ink-700">{post.excerpt}</p> : null}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {/* 9. Testimonials */}
      <section aria-labelledby="testimonials-title" className="bg-brand-50 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <div className="text-center">
            <p className={eyebrow}>Patient reviews</p>
            <h2 id="testimonials-title" className={`mt-2 ${sectionTitle}`}>
              What our patients say
            </h2>
          </div>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <li key={t.author}>
                <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm">
                  <p className="text-accent-700" role="img" aria-label="Rated 5 out of 5">
                    <span aria-hidden="true">★★★★★</span>
                  </p>
                  <blockquote className="mt-3 flex-1 text-ink-700">“{t.quote}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold text-brand-900">{t.author}</span>
                    <span className="text-ink-600"> · {t.detail}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-center">
            <Link to="/reviews" className={buttonBrand}>
              Read All Reviews
            </Link>
          </p>
        </div>
      </section>

      {/* 10. FAQ */}
      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <div className="text-center">
          <p className={eyebrow}>Good to know</p>
          <h2 id="faq-title" className={`mt-2 ${sectionTitle}`}>
            Frequently Asked Questions
          </h2>
        </div>
        <p className="mt-4 text-center font-medium text-ink-700">A medical card is required for every visit.</p>
        <div className="mt-8 space-y-3">
          {faqItems(settings).map((item) => (
            <details
              key={item.question}
              name="faq"
              className="group rounded-2xl bg-white shadow-sm ring-1 ring-cream-200"
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-lg font-semibold text-brand-900 [&::-webkit-details-marker]:hidden">
                {item.question}
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 transition-transform group-open:rotate-45"
                >
                  <LineIcon d="M12 5v14M5 12h14" className="size-4" strokeWidth={2.5} />
                </span>
              </summary>
              <p className="px-5 pb-5 text-ink-700">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>

      {/* 11. Closing call to action */}
      <section aria-labelledby="visit-title" className="px-4 sm:px-6">
        <div className="mx-auto max-w-5xl rounded-3xl bg-brand-800 px-6 py-12 text-center text-cream-50 shadow-xl sm:px-12">
          <h2 id="visit-title" className="text-3xl font-semibold sm:text-4xl">
            Come see us at {store.street}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-cream-100">
            {store.street}, {store.city}, {store.region} {store.postal_code}. Check this month’s specials before you
            stop by.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/deals" className={buttonPrimary}>
              View Deals
            </Link>
            <TapLink to={store.directions_url} tap="directions" store="Lindsey" newTab className={buttonOutlineLight}>
              Get Directions
            </TapLink>
          </div>
        </div>
      </section>
    </>
  )
}
