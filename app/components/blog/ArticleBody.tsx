/**
 * The post body: HTML rendered and sanitised on the server when the post was
 * saved (renderPostContent). Typography is set here (no plugin): a 68-character
 * measure, generous leading, display-face headings and quiet tables and code.
 * Images are full width at the proportions of their width and height
 * attributes, so their room is kept before they load; an image whose size the
 * server could not know (another site's) gets a 16:9 box, the picture fitted
 * inside it, for the same reason.
 */
const PROSE = [
  'max-w-[68ch] text-[1.0625rem] leading-[1.75] text-ink-900 sm:text-lg',
  '[&>*+*]:mt-6',
  '[&_h1]:mt-12 [&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:leading-tight',
  '[&_h2]:mt-12 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:leading-snug [&_h2]:font-semibold [&_h2]:text-ink-900 sm:[&_h2]:text-[1.75rem]',
  '[&_h3]:mt-10 [&_h3]:font-display [&_h3]:text-xl [&_h3]:leading-snug [&_h3]:font-semibold',
  '[&_h4]:mt-8 [&_h4]:font-semibold [&_h4]:uppercase [&_h4]:tracking-wide [&_h4]:text-sm [&_h4]:text-ink-700',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-300 [&_a]:decoration-2 [&_a]:underline-offset-4 hover:[&_a]:text-brand-900 hover:[&_a]:decoration-brand-700',
  '[&_strong]:font-semibold [&_strong]:text-ink-900',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-brand-600',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-accent-400 [&_blockquote]:bg-accent-100/50 [&_blockquote]:py-3 [&_blockquote]:pr-4 [&_blockquote]:pl-5 [&_blockquote]:font-display [&_blockquote]:text-xl [&_blockquote]:italic [&_blockquote]:text-ink-700',
  '[&_img]:h-auto [&_img]:w-full [&_img]:rounded-xl',
  '[&_img:not([width][height])]:aspect-video [&_img:not([width][height])]:bg-cream-100 [&_img:not([width][height])]:object-contain',
  '[&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-ink-600',
  '[&_hr]:my-12 [&_hr]:border-cream-300',
  '[&_code]:rounded [&_code]:bg-cream-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.9em]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-ink-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-cream-50 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-base [&_th]:border-b-2 [&_th]:border-cream-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-cream-200 [&_td]:px-3 [&_td]:py-2',
  '[overflow-wrap:break-word]',
].join(' ')

export function ArticleBody({ html }: { html: string }) {
  return <div className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />
}
