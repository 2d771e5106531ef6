/**
 * The admin lists whose records staff add, edit and delete into the Trash
 * (posts, deals, brands), each described once. Their admin menu entries, the
 * Trash's kinds, names and restore toasts, the delete question, the activity
 * log's filter and badges, the messages for a refused upload, and the body
 * limit of the forms that carry a picture are all read from here, and so are
 * the routes of its pages and the table and columns the Trash and the clean-up
 * of unused pictures read, and the upload folders: a new list is one entry
 * more. Shared by the server and the browser: words, addresses and names only
 * (public pages load none of it).
 */

/** What the upload endpoint and a form with a picture answer when a file is refused. */
export interface UploadMessages {
  tooLarge: string
  badType: string
  failed: string
}

export interface RecordList {
  /** The admin list's address; who may use it may restore its records from the Trash. */
  list: string
  /** Its entry in the admin menu. */
  menu: string
  /** The add and edit pages (`:id` for the record): their forms carry a picture. */
  addPath: string
  editPath: string
  /** The page that asks before a record goes to the Trash. */
  deletePath: string
  /** Its table in the database, which the Trash and the clean-up of unused pictures read. */
  // A name, not `keyof Database`: the table types name the activity kinds defined here, and a
  // type import back would tie the two files in a circle. The Trash's updates and deletes still
  // type-check each entry's name against the database (its reads take it as a plain name), and the
  // registry test checks the table and every column named below exist.
  table: string
  /**
   * Its columns as they read them: the one that names a record, those that
   * hold a picture's address (the Trash shows the first), and those whose
   * text may show pictures (markdown). The registry test checks each exists.
   */
  columns: {
    label: string
    pictures: readonly [string, ...string[]]
    texts?: readonly string[]
    /** a start and an end date, shown beside the name where one record is asked about (deals) */
    period?: readonly [string, string]
  }
  /** One record, in a sentence's first word: "Post restored", the activity badge, the delete question. */
  noun: string
  /** One record in the Trash's kind column. */
  label: string
  /** The activity log's filter option. */
  plural: string
  /** The folder its pictures are uploaded to (its own), and what a refused file is told. */
  bucket: string
  uploadMessages: UploadMessages
  /** What the delete confirmation asks. */
  deleteQuestion: { title: string; description: string }
  /** The toasts after a delete: done, failed, or nothing (any more) to delete. */
  deleteToasts: { deleted: string; failed: ToastText; missing: ToastText }
}

/** A toast's words: its title, and a sentence under it when it says more. */
export interface ToastText {
  title: string
  description?: string
}

const DEAL_UPLOAD_MESSAGES: UploadMessages = {
  tooLarge: 'Image must be less than 5MB',
  badType: 'Only JPEG, PNG, WebP, and GIF images are allowed',
  failed: 'Failed to upload image',
}

export const RECORD_LISTS = {
  post: {
    list: '/admin/blog',
    menu: 'Blog',
    addPath: '/admin/blog/new',
    editPath: '/admin/blog/edit/:id',
    deletePath: '/admin/blog/:id/delete',
    table: 'posts',
    columns: { label: 'title', pictures: ['hero_image_url', 'og_image_url'], texts: ['content'] },
    noun: 'Post',
    label: 'Blog post',
    plural: 'Blog posts',
    bucket: 'blog-images',
    uploadMessages: { tooLarge: 'File too large', badType: 'Invalid file type', failed: 'Upload failed' },
    deleteQuestion: {
      title: 'Are you sure?',
      description: 'This action cannot be undone. This will permanently delete the blog post.',
    },
    deleteToasts: {
      deleted: 'Post deleted',
      failed: { title: 'Failed to delete the post. Please try again.' },
      // Trying again cannot help when the post is gone (already in the Trash, say, from another tab).
      missing: { title: 'Failed to delete the post', description: 'This post no longer exists.' },
    },
  },
  deal: {
    list: '/admin/deals',
    menu: 'Deals',
    addPath: '/admin/deals/new',
    editPath: '/admin/deals/:id/edit',
    deletePath: '/admin/deals/:id/delete',
    table: 'deals_slides',
    columns: { label: 'title', pictures: ['image_url'], period: ['start_date', 'end_date'] },
    noun: 'Deal',
    label: 'Deal',
    plural: 'Deals',
    bucket: 'deals',
    uploadMessages: DEAL_UPLOAD_MESSAGES,
    deleteQuestion: {
      title: 'Are you sure you want to delete this deal?',
      description: 'The slide leaves the deals carousel at once. It stays in the Trash for 30 days.',
    },
    deleteToasts: {
      deleted: 'Deal deleted successfully',
      failed: { title: 'Failed to delete deal' },
      missing: { title: 'Failed to delete deal', description: 'This deal no longer exists.' },
    },
  },
  brand: {
    list: '/admin/brands',
    menu: 'Brands',
    addPath: '/admin/brands/new',
    editPath: '/admin/brands/:id/edit',
    deletePath: '/admin/brands/:id/delete',
    table: 'brands',
    columns: { label: 'name', pictures: ['logo_url'] },
    noun: 'Brand',
    label: 'Brand',
    plural: 'Brands',
    bucket: 'brands',
    // Brand logos follow the deal wording: brands have no upload texts of their own.
    uploadMessages: { ...DEAL_UPLOAD_MESSAGES },
    deleteQuestion: {
      title: 'Are you sure?',
      description: 'The brand and its logo leave the brands page at once. It stays in the Trash for 30 days.',
    },
    deleteToasts: {
      deleted: 'Brand deleted successfully',
      failed: { title: 'Error deleting brand', description: 'The brand could not be deleted. Please try again.' },
      missing: { title: 'Error deleting brand', description: 'This brand no longer exists.' },
    },
  },
} as const satisfies Record<string, RecordList>

export type RecordKind = keyof typeof RECORD_LISTS
export const RECORD_KINDS = Object.keys(RECORD_LISTS) as [RecordKind, ...RecordKind[]]

/** The folders uploaded images are kept in: each list's own. */
export type UploadBucketName = (typeof RECORD_LISTS)[RecordKind]['bucket']
export const UPLOAD_BUCKETS = RECORD_KINDS.map((kind) => RECORD_LISTS[kind].bucket)

export function isUploadBucket(value: unknown): value is UploadBucketName {
  return typeof value === 'string' && (UPLOAD_BUCKETS as readonly string[]).includes(value)
}

/** Each upload folder's messages: the upload endpoint and the forms with a picture read them here. */
export const UPLOAD_MESSAGES = Object.fromEntries(
  RECORD_KINDS.map((kind) => [RECORD_LISTS[kind].bucket, RECORD_LISTS[kind].uploadMessages]),
) as Record<UploadBucketName, UploadMessages>

/** "a post, deal or brand": every kind, for a sentence. */
export function recordKindsInWords(): string {
  const nouns = RECORD_KINDS.map((kind) => RECORD_LISTS[kind].noun.toLowerCase())
  return nouns.length === 1 ? nouns[0]! : `${nouns.slice(0, -1).join(', ')} or ${nouns.at(-1)}`
}

/**
 * What an activity entry can be about: a record of one of these lists, or the
 * settings, inquiries and accounts. (Kept here rather than beside the table
 * types, so that public pages which read those types load none of this.)
 */
export const ACTIVITY_KINDS = [...RECORD_KINDS, 'settings', 'inquiry', 'account'] as const
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]
