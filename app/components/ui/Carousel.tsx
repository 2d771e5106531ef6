import type { EmblaCarouselType } from 'embla-carousel'
import type { AutoplayType } from 'embla-carousel-autoplay'
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react'

import { LineIcon } from '~/components/ui/LineIcon'

export interface CarouselSlide {
  key: string
  content: ReactNode
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
}

/**
 * The one carousel of the site (home brands, deals specials). Without JavaScript
 * it is a plain, horizontally scrollable row. With it, embla loops through the
 * slides and autoplays every `delay` ms; autoplay stops on interaction (drag,
 * previous/next, dots) and on mouse hover, never starts when the visitor prefers
 * reduced motion, and a visible Pause/Play button controls it. embla (about
 * 9 KB) loads only when the carousel is about to come into view, so a page
 * whose carousel is further down does not pay for it up front.
 */
export function Carousel({
  label,
  slides,
  delay,
  slideClassName,
  tone = 'light',
}: {
  /** Accessible name of the carousel region, e.g. 'Featured brands'. */
  label: string
  slides: CarouselSlide[]
  delay: number
  /** Width of one slide, e.g. 'basis-full' or 'basis-1/2 md:basis-1/4'. */
  slideClassName: string
  tone?: 'light' | 'dark'
}) {
  const viewportRef = useRef<HTMLDivElement>(null)
  const [emblaApi, setEmblaApi] = useState<EmblaCarouselType>()
  const [autoplay, setAutoplay] = useState<AutoplayType>()

  useEffect(() => {
    const node = viewportRef.current
    if (!node) return
    let api: EmblaCarouselType | undefined
    let cancelled = false
    const enhance = async () => {
      const [{ default: EmblaCarousel }, { default: Autoplay }] = await Promise.all([
        import('embla-carousel'),
        import('embla-carousel-autoplay'),
      ])
      if (cancelled) return
      const plugin = Autoplay({
        delay,
        playOnInit: false,
        stopOnInteraction: true,
        stopOnMouseEnter: true,
        stopOnFocusIn: true,
      })
      api = EmblaCarousel(node, { loop: true, align: 'start' }, [plugin])
      setAutoplay(plugin)
      setEmblaApi(api)
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        void enhance()
      },
      { rootMargin: '300px 0px' },
    )
    observer.observe(node)
    return () => {
      cancelled = true
      observer.disconnect()
      api?.destroy()
    }
  }, [delay])
  const [selected, setSelected] = useState(0)
  const [snapCount, setSnapCount] = useState(slides.length)
  const [playing, setPlaying] = useState(false)
  const statusId = useId()

  useEffect(() => {
    if (!emblaApi || !autoplay) return
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap())
    const onReInit = () => {
      setSnapCount(emblaApi.scrollSnapList().length)
      onSelect()
    }
    const onPlay = () => setPlaying(true)
    const onStop = () => setPlaying(false)
    emblaApi.rootNode().scrollLeft = 0
    onReInit()
    emblaApi.on('select', onSelect).on('reInit', onReInit).on('autoplay:play', onPlay).on('autoplay:stop', onStop)
    if (!prefersReducedMotion() && emblaApi.scrollSnapList().length > 1) autoplay.play()
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onReInit).off('autoplay:play', onPlay).off('autoplay:stop', onStop)
    }
  }, [emblaApi, autoplay])

  const interact = useCallback(
    (move: () => void) => {
      if (autoplay?.isPlaying()) autoplay.stop()
      move()
    },
    [autoplay],
  )

  const enhanced = emblaApi !== undefined
  const controllable = emblaApi !== undefined && snapCount > 1
  const buttonTone =
    tone === 'dark'
      ? 'border-cream-50/50 bg-brand-800 text-cream-50 hover:bg-brand-700'
      : 'border-brand-800/20 bg-white text-brand-900 hover:bg-brand-50'

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div
        ref={viewportRef}
        // Without JavaScript the row scrolls natively and can be scrolled with the keyboard.
        tabIndex={enhanced ? undefined : 0}
        aria-label={enhanced ? undefined : `${label} (scroll sideways)`}
        role={enhanced ? undefined : 'region'}
        // A little vertical room so the cards’ shadows are not cut off.
        className={`-my-2 py-2 ${enhanced ? 'overflow-hidden' : 'snap-x snap-mandatory overflow-x-auto pb-4 [scrollbar-width:thin]'}`}
      >
        <div className="-ml-4 flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={`min-w-0 shrink-0 grow-0 snap-start pl-4 ${slideClassName}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>

      {controllable ? (
        <div className="mt-5 flex flex-wrap items-center justify-center gap-3">
          <StepButton
            label="Previous slide"
            arrow="M15 5l-7 7 7 7"
            tone={buttonTone}
            onClick={() => interact(() => emblaApi.scrollPrev())}
          />
          <button
            type="button"
            onClick={() => (playing ? autoplay?.stop() : autoplay?.play())}
            className={`flex h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold shadow-sm ${buttonTone}`}
            aria-label={playing ? `Pause ${label.toLowerCase()}` : `Play ${label.toLowerCase()}`}
          >
            {playing ? (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
                <rect x="6" y="5" width="4" height="14" rx="1" />
                <rect x="14" y="5" width="4" height="14" rx="1" />
              </svg>
            ) : (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
                <path d="M7 4.5v15l13-7.5z" />
              </svg>
            )}
            <span aria-hidden="true">{playing ? 'Pause' : 'Play'}</span>
          </button>
          <StepButton
            label="Next slide"
            arrow="M9 5l7 7-7 7"
            tone={buttonTone}
            onClick={() => interact(() => emblaApi.scrollNext())}
          />
          <ol className="flex w-full flex-wrap items-center justify-center gap-1" aria-label="Choose a slide">
            {Array.from({ length: snapCount }, (_, index) => (
              <li key={index}>
                <button
                  type="button"
                  onClick={() => interact(() => emblaApi.scrollTo(index))}
                  aria-label={`Go to slide ${index + 1}`}
                  aria-current={index === selected ? 'true' : undefined}
                  className="group flex size-6 items-center justify-center rounded-full"
                >
                  <span
                    className={`block h-2 rounded-full transition-all ${
                      index === selected
                        ? `w-5 ${tone === 'dark' ? 'bg-accent-300' : 'bg-brand-700'}`
                        : `w-2 ${tone === 'dark' ? 'bg-cream-50/50' : 'bg-brand-800/25'} group-hover:bg-brand-500`
                    }`}
                  />
                </button>
              </li>
            ))}
          </ol>
          <p id={statusId} className="sr-only" aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
            Slide {selected + 1} of {snapCount}
          </p>
        </div>
      ) : null}
    </section>
  )
}

/** The previous or next button: an arrow in a 44 px circle. */
function StepButton({
  label,
  arrow,
  tone,
  onClick,
}: {
  label: string
  arrow: string
  tone: string
  onClick: () => void
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`flex size-11 items-center justify-center rounded-full border shadow-sm ${tone}`}
      aria-label={label}
    >
      <LineIcon d={arrow} className="size-5" strokeWidth={2.2} />
    </button>
  )
}
