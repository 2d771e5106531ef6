import { adminStyles } from './adminStyles'

/**
 * The post's featured image: an uploaded file (bucket 'blog-images') or an
 * image address. Without JavaScript the file goes with the form.
 */
export function PostHeroImageField({
  name,
  currentUrl,
  errorId,
  errors,
}: {
  name: string
  currentUrl: string | null
  errorId: string
  errors: string[] | undefined
}) {
  return (
    <div className="space-y-3">
      {currentUrl ? (
        <img src={currentUrl} alt="Current featured image" width={320} height={180} className="h-auto w-full rounded-md border border-cream-300 object-cover" />
      ) : null}
      <div>
        <label htmlFor="hero-image-file" className={adminStyles.label}>
          Upload an image
        </label>
        <input
          id="hero-image-file"
          type="file"
          name="hero_image_file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-describedby={errors?.length ? errorId : undefined}
          className="mt-1 block w-full text-sm"
        />
      </div>
      <div>
        <label htmlFor="hero-image-url" className={adminStyles.label}>
          Featured image URL
        </label>
        <input id="hero-image-url" name={name} defaultValue={currentUrl ?? ''} className={adminStyles.input} />
      </div>
      {errors?.length ? (
        <p id={errorId} className={adminStyles.error}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
