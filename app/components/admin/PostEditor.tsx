import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Form, Link, useBlocker, useFetcher } from 'react-router'

import { PostArticle, type PostArticleProps } from '~/components/blog/PostArticle'
import { type AnyField, CheckboxGroup, ErrorList, Field, TextareaField, withoutKey } from '~/components/forms'
import type { Category, Tag } from '~/db/types'
import { POST_STATUSES } from '~/db/types'
import { defaultImageAlt } from '~/lib/image-alt'
import { insertBlock } from '~/lib/post-picture'
import { publishOutcome, saveButtonLabel, scheduleHint } from '~/lib/publish-label'
import type { UploadMessages } from '~/lib/record-lists'
import { slugify } from '~/lib/slug'
import { POST_LIMITS, POST_STATUS_LABELS, PostSchema } from '~/schemas/post'

import { adminStyles } from './adminStyles'
import { ImageUploadField } from './ImageUploadField'
import { PictureDialog, pictureIn } from './PictureDialog'
import { useKeptText } from './useKeptText'
import { formatWhen } from './when'

/** What the publish bar leaves out on a phone while a text field has the focus (app.css: while-typing). */
const WRITING_HIDES = 'max-sm:while-typing:hidden'

const LEAVE_MESSAGE = 'You have unsaved changes. Leave this page without saving?'

type FieldValue = string | string[] | undefined

export interface PostEditorProps {
  postId: number | null
  /** The post's kept versions, newest first (none for a new post). */
  revisions: { id: number; savedAt: string; savedBy: string | null; title: string }[]
  /** The saved post is on the site now (the button then says "Update"). */
  alreadyPublic: boolean
  savedSlug: string | null
  defaultAuthor: string
  categories: Category[]
  tags: Tag[]
  defaults: Record<string, FieldValue>
  lastResult: SubmissionResult<string[]> | undefined
  /** The no-JavaScript Preview button's answer: the post page drawn from the form as sent. */
  preview: PostArticleProps | null
  /** The post editor's upload limits and messages ('File too large', …), from the server's upload module. */
  imageMessages: UploadMessages
  /** The server refused a Scheduled save whose time had passed: offer Publish now. */
  schedulePassed?: boolean
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  return typeof value === 'string' && value ? [value] : []
}

/** Existing terms to tick, and a box to name new ones (the categories and the tags of a post). */
function TermPicker({
  legend,
  name,
  terms,
  selected,
  newField,
}: {
  legend: 'Categories' | 'Tags'
  name: 'category_ids' | 'tag_ids'
  terms: { id: number; name: string }[]
  selected: ReadonlySet<string>
  newField: AnyField
}) {
  return (
    <>
      <CheckboxGroup
        legend={legend}
        name={name}
        options={terms.map((term) => ({ value: term.id, label: term.name }))}
        selected={selected}
        empty={`No ${legend.toLowerCase()} yet.`}
      />
      <Field field={newField} label={`New ${legend.toLowerCase()} (comma-separated)`} />
    </>
  )
}

/** The post page as visitors will see it, drawn by the public page's own component, in a frame that says it is a preview. */
function PagePreview({ page }: { page: PostArticleProps }) {
  return (
    <div className="mt-1 overflow-hidden rounded-lg border border-cream-300 bg-cream-50">
      <p className="border-b border-cream-300 bg-accent-100 px-3 py-1.5 text-sm font-semibold text-accent-800">
        As visitors will see it (not saved)
      </p>
      <div className="pb-6">
        <PostArticle {...page} />
      </div>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={`${adminStyles.card} space-y-4`}>
      <h2 className={adminStyles.h2}>{title}</h2>
      {children}
    </section>
  )
}

/**
 * The post editor (title, slug, excerpt, markdown, SEO, status, date, author,
 * featured image): a plain multipart form that works without
 * JavaScript (server validation, server-side preview button, server-filled
 * slug), enhanced with it (live validation, slug and meta title following the
 * title while empty, counters, a Preview tab, a guard against leaving with
 * unsaved changes).
 */
export function PostEditor({
  postId,
  revisions,
  alreadyPublic,
  defaultAuthor,
  categories,
  tags,
  defaults,
  lastResult,
  preview: sentPreview,
  savedSlug,
  imageMessages,
  schedulePassed = false,
}: PostEditorProps) {
  const [form, fields] = useForm({
    id: postId ? `post-${postId}` : 'post-new',
    lastResult,
    defaultValue: defaults,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: PostSchema })
    },
  })

  // Values a server round trip (errors or the no-JavaScript preview) sent back, else the loaded ones.
  const initial = (lastResult?.initialValue ?? defaults) as Record<string, unknown>
  const [hydrated, setHydrated] = useState(false)
  const [slug, setSlug] = useState(asString(initial.slug))
  const [metaTitle, setMetaTitle] = useState(asString(initial.meta_title))
  const [metaDescription, setMetaDescription] = useState(asString(initial.meta_description))
  const [tab, setTab] = useState<'write' | 'preview'>('write')
  const [status, setStatus] = useState(asString(initial.status) || 'draft')
  const [publishedAt, setPublishedAt] = useState(asString(initial.published_at))
  const [dirty, setDirty] = useState(false)
  const submittingRef = useRef(false)
  const titleRef = useRef(asString(initial.title))
  // Filled from the title (not typed): they go on following it. A saved slug never changes by itself.
  const slugAutoRef = useRef(false)
  const metaAutoRef = useRef(false)
  const contentRef = useRef<HTMLTextAreaElement>(null)
  const slugRef = useRef<HTMLInputElement>(null)
  const metaTitleRef = useRef<HTMLInputElement>(null)
  const altRef = useRef<HTMLInputElement>(null)
  // The picture dialog (null: closed), and the content's selection when it opened: where the picture goes.
  const [picture, setPicture] = useState<{ file: File | null; opening: number } | null>(null)
  const pictureAtRef = useRef({ start: 0, end: 0 })
  // Where the caret goes once the dialog is gone (a closing dialog gives the focus back to what opened it first).
  const caretAfterPictureRef = useRef<number | null>(null)
  const preview = useFetcher<{ preview?: PostArticleProps; error?: string }>()
  const formRef = useRef<HTMLFormElement>(null)
  const loaded = defaults as Record<string, unknown>
  const kept = useKeptText(formRef, postId, {
    title: asString(loaded.title),
    excerpt: asString(loaded.excerpt),
    content: asString(loaded.content),
  })

  useEffect(() => setHydrated(true), [])
  // A server answer (validation errors) means the submission is over; the form is still unsaved.
  useEffect(() => {
    submittingRef.current = false
  }, [lastResult])

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !submittingRef.current && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(LEAVE_MESSAGE)) blocker.proceed()
    else blocker.reset()
  }, [blocker])
  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (submittingRef.current) return
      event.preventDefault()
      event.returnValue = LEAVE_MESSAGE
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])

  /** Slug and meta title follow the title while they are empty (or still hold the value made from it). */
  function onTitleInput(value: string) {
    const previous = titleRef.current
    titleRef.current = value
    const slugInput = slugRef.current
    if (slugInput && (slugInput.value === '' || (slugAutoRef.current && slugInput.value === slugify(previous)))) {
      slugInput.value = slugify(value)
      slugAutoRef.current = true
      setSlug(slugInput.value)
    }
    // The image description, while empty or still the one made from the title, follows the title too.
    const altInput = altRef.current
    if (altInput && (altInput.value === '' || altInput.value === defaultImageAlt(previous))) {
      altInput.value = value ? defaultImageAlt(value) : ''
    }
    const metaInput = metaTitleRef.current
    if (
      metaInput &&
      (metaInput.value === '' || (metaAutoRef.current && metaInput.value === previous.slice(0, POST_LIMITS.meta_title)))
    ) {
      metaInput.value = value.slice(0, POST_LIMITS.meta_title)
      metaAutoRef.current = true
      setMetaTitle(metaInput.value)
    }
  }

  useEffect(() => {
    const caret = caretAfterPictureRef.current
    const textarea = contentRef.current
    if (picture || caret === null || !textarea) return
    caretAfterPictureRef.current = null
    textarea.focus()
    textarea.setSelectionRange(caret, caret)
  }, [picture])

  /** Opens the picture dialog (with a pasted or dropped file, uploaded at once); the picture goes where the caret is now. */
  function openPicture(file: File | null) {
    const textarea = contentRef.current
    if (textarea) pictureAtRef.current = { start: textarea.selectionStart, end: textarea.selectionEnd }
    setTab('write')
    setPicture((open) => ({ file, opening: (open?.opening ?? 0) + 1 }))
  }

  /** Puts the dialog's markdown line at the remembered caret, as a paragraph of its own, as if it had been typed. */
  function insertPicture(markdown: string) {
    const textarea = contentRef.current
    setPicture(null)
    if (!textarea) return
    const { start, end } = pictureAtRef.current
    const { value, caret } = insertBlock(textarea.value, start, end, markdown)
    // The native setter, so React and conform see an ordinary edit (dirty, kept text, validation).
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(textarea, value)
    textarea.dispatchEvent(new Event('input', { bubbles: true }))
    caretAfterPictureRef.current = caret
  }

  /** The whole form as it stands goes to the preview route, which draws nothing and saves nothing. */
  function showPreviewTab() {
    setTab('preview')
    const form = formRef.current
    if (!form) return
    const body = new FormData(form)
    for (const [name, value] of [...body.entries()]) if (typeof value !== 'string') body.delete(name)
    preview.submit(body, { method: 'post', action: '/admin/blog/preview' })
  }

  const outcome = publishOutcome(
    (POST_STATUSES as readonly string[]).includes(status) ? (status as (typeof POST_STATUSES)[number]) : 'draft',
    publishedAt || undefined,
    undefined,
    // The saved post's own time, come while the editor was open, is no time gone by.
    postId ? asString((defaults as Record<string, unknown> | undefined)?.published_at) : undefined,
  )
  const saveLabel = saveButtonLabel(outcome, alreadyPublic)
  const visibilityHint = scheduleHint(outcome, alreadyPublic)
  // A Scheduled time already gone is never published quietly: this button is the owner's explicit choice.
  const offerPublishNow = hydrated ? outcome.kind === 'passed' : schedulePassed

  const selectedCategories = new Set(asList(initial.category_ids))
  const selectedTags = new Set(asList(initial.tag_ids))

  return (
    <main className={adminStyles.page}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to="/admin/blog" className="text-sm font-semibold text-brand-800 underline">
            ← All posts
          </Link>
          <h1 className={`${adminStyles.h1} mt-1`}>{postId ? 'Edit Post' : 'New Post'}</h1>
        </div>
      </div>

      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        id={form.id}
        noValidate={form.noValidate}
        onSubmit={(event) => {
          // Kept in this browser until the save is known to have gone through.
          kept.keepNow()
          form.onSubmit(event)
          if (!event.defaultPrevented) submittingRef.current = true
        }}
        onChange={() => setDirty(true)}
        onInput={() => {
          setDirty(true)
          kept.keepSoon()
        }}
        className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        {/* Enter in a text field saves (the first submit button is the default one). */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
          Save
        </button>
        {kept.offer ? (
          <div role="alert" className="rounded-lg border border-accent-400 bg-accent-100 p-4 lg:col-span-2">
            <p className="font-semibold text-ink-900">
              This browser kept text you typed here on {formatWhen(kept.offer.at)} that was never saved.
            </p>
            <p className="mt-1 text-sm text-ink-700">
              The save did not go through, or the page was closed first. Restore it to go on where you stopped.
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" onClick={kept.restore} className={`${adminStyles.primary} min-h-11`}>
                Restore unsaved text
              </button>
              <button type="button" onClick={kept.discard} className={`${adminStyles.secondary} min-h-11`}>
                Discard it
              </button>
            </div>
          </div>
        ) : null}
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className={`${adminStyles.error} lg:col-span-2`}>
            {form.errors.join(' ')}
          </p>
        ) : null}

        <div className="min-w-0 space-y-4">
          <Section title="Post">
            <Field
              field={fields.title}
              label="Title"
              required
              onInput={(event) => onTitleInput(event.currentTarget.value)}
            />
            <Field
              field={fields.slug}
              label="Slug"
              ref={slugRef}
              hint={`The address of the post: /blog/${slug || 'your-post-title'}. Left empty, it is made from the title.`}
              onInput={(event) => {
                slugAutoRef.current = false
                setSlug(event.currentTarget.value)
              }}
              onBlur={(event) => {
                event.currentTarget.value = slugify(event.currentTarget.value)
                setSlug(event.currentTarget.value)
              }}
            />
            <TextareaField
              field={fields.excerpt}
              label="Excerpt"
              rows={3}
              hint="A short summary for the blog list (under 500 characters)."
            />

            <div>
              <div className="flex flex-wrap items-end justify-between gap-2">
                <label htmlFor={fields.content.id} className={adminStyles.label}>
                  Content (Markdown)
                </label>
                {hydrated ? (
                  <div role="tablist" aria-label="Content view" className="flex gap-1">
                    <button
                      type="button"
                      role="tab"
                      aria-selected={tab === 'write'}
                      aria-controls="content-write"
                      onClick={() => setTab('write')}
                      className={`rounded-md px-3 py-1 text-sm font-semibold ${tab === 'write' ? 'bg-brand-800 text-cream-50' : 'bg-cream-100 text-ink-900'}`}
                    >
                      Write
                    </button>
                    <button
                      type="button"
                      role="tab"
                      aria-selected={tab === 'preview'}
                      aria-controls="content-preview"
                      onClick={showPreviewTab}
                      className={`rounded-md px-3 py-1 text-sm font-semibold ${tab === 'preview' ? 'bg-brand-800 text-cream-50' : 'bg-cream-100 text-ink-900'}`}
                    >
                      Preview
                    </button>
                  </div>
                ) : null}
              </div>
              <div id="content-write" hidden={hydrated && tab !== 'write'}>
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  {hydrated ? (
                    <button
                      type="button"
                      onClick={() => openPicture(null)}
                      className={`${adminStyles.smallLink} min-h-11`}
                    >
                      Insert picture
                    </button>
                  ) : (
                    <a
                      href="/admin/blog/pictures"
                      target="_blank"
                      rel="noopener"
                      className={`${adminStyles.smallLink} min-h-11`}
                    >
                      Add a picture (opens a new tab)
                    </a>
                  )}
                </div>
                <textarea
                  {...withoutKey(getTextareaProps(fields.content, { ariaDescribedBy: 'content-pictures-hint' }))}
                  ref={contentRef}
                  rows={18}
                  onPaste={(event) => {
                    const file = pictureIn(event.clipboardData.files)
                    if (!file) return
                    event.preventDefault()
                    openPicture(file)
                  }}
                  onDragOver={(event) => {
                    if (event.dataTransfer.types.includes('Files')) event.preventDefault()
                  }}
                  onDrop={(event) => {
                    const file = pictureIn(event.dataTransfer.files)
                    if (!file) return
                    event.preventDefault()
                    openPicture(file)
                  }}
                  className={`${adminStyles.input} font-mono text-sm max-sm:h-[55svh]`}
                />
                <p id="content-pictures-hint" className={adminStyles.hint}>
                  A picture is a line of its own:{' '}
                  <code className="rounded bg-cream-100 px-1 break-all">![alt text](address &quot;caption&quot;)</code>.
                  The caption in quotes is optional and shows under the picture.{' '}
                  {hydrated
                    ? 'Paste or drop a picture here to upload it.'
                    : 'Upload one on the picture page, then copy its line here.'}
                </p>
              </div>
              {hydrated && tab === 'preview' ? (
                <div id="content-preview" role="tabpanel" aria-label="Preview" className="mt-1">
                  {preview.state !== 'idle' ? (
                    <p className="text-sm text-ink-600">Rendering preview…</p>
                  ) : preview.data?.error ? (
                    <p className={adminStyles.error}>{preview.data.error}</p>
                  ) : preview.data?.preview ? (
                    <PagePreview page={preview.data.preview} />
                  ) : null}
                </div>
              ) : null}
              <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
              {!hydrated ? (
                <button
                  type="submit"
                  name="intent"
                  value="preview"
                  formNoValidate
                  className={`${adminStyles.secondary} mt-2`}
                >
                  Preview changes
                </button>
              ) : null}
              {sentPreview !== null && !hydrated ? (
                <section aria-label="Content preview" className="mt-3">
                  <h3 className="text-sm font-semibold text-ink-900">Preview (not saved)</h3>
                  <PagePreview page={sentPreview} />
                </section>
              ) : null}
            </div>
          </Section>

          <div className={adminStyles.card}>
            <ImageUploadField
              bucket="blog-images"
              name={fields.hero_image_url.name}
              fileName="hero_image_file"
              defaultUrl={asString(initial.hero_image_url) || null}
              label="Featured image"
              urlLabel="Featured image URL"
              messages={imageMessages}
              errors={fields.hero_image_url.errors}
            />
            <Field
              field={fields.hero_image_alt}
              label="Image description (alt text)"
              className="mt-3"
              ref={altRef}
              defaultValue={
                asString(initial.hero_image_alt) ||
                (asString(initial.title) ? defaultImageAlt(asString(initial.title)) : '')
              }
              maxLength={POST_LIMITS.image_alt}
              hint="Read aloud to people who cannot see the image, and shown when it cannot load. Say what it shows."
            />
          </div>

          <Section title="SEO">
            <Field
              field={fields.meta_title}
              label="Meta title"
              ref={metaTitleRef}
              maxLength={POST_LIMITS.meta_title}
              onInput={(event) => {
                metaAutoRef.current = false
                setMetaTitle(event.currentTarget.value)
              }}
              hint={
                hydrated
                  ? `${metaTitle.length}/${POST_LIMITS.meta_title}`
                  : `Up to ${POST_LIMITS.meta_title} characters`
              }
            />
            <TextareaField
              field={fields.meta_description}
              label="Meta description"
              maxLength={POST_LIMITS.meta_description}
              rows={2}
              onInput={(event) => setMetaDescription(event.currentTarget.value)}
              hint={
                hydrated
                  ? `${metaDescription.length}/${POST_LIMITS.meta_description}`
                  : `Up to ${POST_LIMITS.meta_description} characters`
              }
            />
            <Field
              field={fields.og_image_url}
              label="Social image URL"
              inputMode="url"
              hint="Shown when the post is shared. Left empty, the featured image or the site's default image is used."
            />
          </Section>
        </div>

        <div className="min-w-0 space-y-4">
          <Section title="Byline">
            <Field field={fields.author} label="Author" placeholder={defaultAuthor} />
          </Section>

          {postId ? (
            <Section title="History">
              {revisions.length === 0 ? (
                <p className="text-sm text-ink-600">No earlier versions yet: each save from now on is kept.</p>
              ) : (
                <>
                  <p className="text-sm text-ink-600">
                    Every save is kept (the last 50). Compare one with the current post, and restore it if you like.
                  </p>
                  <ol aria-label="Saved versions" className="space-y-2">
                    {revisions.map((revision, index) => (
                      <li key={revision.id} className="text-sm">
                        <Link
                          to={`/admin/blog/${postId}/history/${revision.id}`}
                          className="font-semibold text-brand-800 underline"
                          aria-label={`Compare the version of ${revision.savedAt} with the current post`}
                        >
                          {revision.savedAt}
                        </Link>
                        {index === 0 ? <span className="text-ink-600"> (latest save)</span> : null}
                        <span className="block break-words text-ink-600">
                          {revision.savedBy ?? 'No one named'} · “{revision.title}”
                        </span>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </Section>
          ) : null}

          <Section title="Categories and tags">
            <TermPicker
              legend="Categories"
              name="category_ids"
              terms={categories}
              selected={selectedCategories}
              newField={fields.new_categories}
            />
            <TermPicker legend="Tags" name="tag_ids" terms={tags} selected={selectedTags} newField={fields.new_tags} />
          </Section>
        </div>

        {/*
          Status, date and the save button together, always in reach: at the bottom of a phone's screen, at the top of a
          wide one. On a phone the buttons are the bar's last row, so the tap that takes the focus from a text field
          (and brings the date and the hint back above them) still lands on Save.
        */}
        <div
          role="group"
          aria-label="Publish"
          className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-end gap-x-3 gap-y-2 rounded-t-lg border border-cream-300 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] max-sm:while-typing:flex-nowrap lg:top-0 lg:bottom-auto lg:order-first lg:col-span-2 lg:mx-0 lg:rounded-lg lg:shadow-md"
        >
          <div className="w-28 sm:w-36">
            <label htmlFor={fields.status.id} className={`${adminStyles.label} max-sm:while-typing:sr-only`}>
              Status
            </label>
            <select
              {...withoutKey(getSelectProps(fields.status))}
              defaultValue={asString(initial.status) || 'draft'}
              onChange={(event) => setStatus(event.currentTarget.value)}
              className={`${adminStyles.input} py-1.5`}
            >
              {POST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {POST_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className={`min-w-44 flex-1 sm:w-60 sm:flex-none ${WRITING_HIDES}`}>
            <label htmlFor={fields.published_at.id} className={adminStyles.label}>
              Publish date <span className="font-normal text-ink-600">(Central)</span>
            </label>
            <input
              {...withoutKey(
                getInputProps(fields.published_at, { type: 'datetime-local', ariaDescribedBy: 'published-at-hint' }),
              )}
              onInput={(event) => setPublishedAt(event.currentTarget.value)}
              className={`${adminStyles.input} py-1.5`}
            />
          </div>
          <div className="flex w-full gap-2 max-sm:order-last max-sm:while-typing:w-auto max-sm:while-typing:flex-1 sm:ml-auto sm:w-auto">
            {/* On a phone "All posts" at the top of the page is the way back; the bar keeps to the essentials. */}
            <Link to="/admin/blog" className={`${adminStyles.secondary} min-h-11 max-sm:hidden`}>
              Cancel
            </Link>
            {/* The saved post at its address, in a new tab (drafts show there to signed-in staff only). */}
            {savedSlug ? (
              <a
                href={`/blog/${savedSlug}`}
                target="_blank"
                rel="noopener"
                aria-label="Preview (opens the saved post in a new tab)"
                className={`${adminStyles.secondary} min-h-11 ${WRITING_HIDES}`}
              >
                Preview
              </a>
            ) : (
              <button
                type="button"
                disabled
                title="Save the post first: it has no address yet"
                className={`${adminStyles.secondary} min-h-11 cursor-not-allowed opacity-50 ${WRITING_HIDES}`}
              >
                Preview
              </button>
            )}
            {offerPublishNow ? (
              <button
                type="submit"
                name="intent"
                value="publish-now"
                className={`${adminStyles.secondary} min-h-11 flex-1 sm:flex-none ${WRITING_HIDES}`}
              >
                Publish now
              </button>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="save"
              className={`${adminStyles.primary} min-h-11 flex-1 sm:flex-none`}
            >
              {hydrated ? saveLabel : 'Save post'}
            </button>
          </div>
          <p id="published-at-hint" aria-live="polite" className={`${adminStyles.hint} mt-0 w-full ${WRITING_HIDES}`}>
            {hydrated
              ? visibilityHint
              : 'Drafts are not public. Scheduled posts go live by themselves at their publish date, which must be ahead. Published posts are public from their publish date (empty: when you save).'}
          </p>
          <ErrorList
            id={fields.status.errorId}
            errors={fields.status.errors}
            className={`${adminStyles.error} w-full ${WRITING_HIDES}`}
          />
          <ErrorList
            id={fields.published_at.errorId}
            errors={fields.published_at.errors}
            className={`${adminStyles.error} w-full ${WRITING_HIDES}`}
          />
        </div>
      </Form>
      {picture ? (
        <PictureDialog
          key={picture.opening}
          file={picture.file}
          messages={imageMessages}
          onInsert={insertPicture}
          onClose={() => {
            // Cancelled: back to the text, the caret where it was.
            caretAfterPictureRef.current ??= pictureAtRef.current.end
            setPicture(null)
          }}
        />
      ) : null}
    </main>
  )
}
