import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

import type { ActivityKind } from '~/lib/record-lists'

export type { ActivityKind }

/** Table types. One vocabulary: the column names are also the TypeScript field and form field names. */

export type PostStatus = 'draft' | 'scheduled' | 'published'
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const
export type InquiryStatus = 'new' | 'in-progress' | 'closed'
export const INQUIRY_STATUSES = ['new', 'in-progress', 'closed'] as const
export type StoreKey = 'Lindsey' | 'BlueWater'
export const STORE_KEYS = ['Lindsey', 'BlueWater'] as const

export interface PostsTable {
  id: Generated<number>
  title: string
  slug: string
  excerpt: string | null
  content: string
  hero_image_url: string | null
  /** The featured image's text alternative; null: made from the title */
  hero_image_alt: string | null
  og_image_url: string | null
  author: Generated<string>
  status: Generated<PostStatus>
  published_at: string | null
  updated_at: Generated<string>
  meta_title: string | null
  meta_description: string | null
  read_minutes: Generated<number>
  created_at: Generated<string>
  /** The content rendered to sanitised HTML when the post was written; null until then (migration 0005). */
  content_html: string | null
  /** The start of the content's plain text (description fallback); null with content_html. */
  content_summary: string | null
  /** When it was moved to the Trash (migration 0017); null while it is in use */
  deleted_at: Generated<string | null>
  /** Who moved it there (their email), null for none or the server */
  deleted_by: Generated<string | null>
  /** Its slug while it is in the Trash (the slug column holds a placeholder, so a new post may take the slug) */
  deleted_slug: Generated<string | null>
}

/** One saved version of a post (migration 0010): what the editor's History lists and restores. */
export interface PostRevisionsTable {
  id: Generated<number>
  post_id: number
  saved_at: string
  saved_by_id: number | null
  saved_by_email: string | null
  title: string
  slug: string
  excerpt: string | null
  content: string
  hero_image_url: string | null
  hero_image_alt: string | null
  og_image_url: string | null
  author: string
  status: PostStatus
  published_at: string | null
  meta_title: string | null
  meta_description: string | null
}
export type PostRevision = Selectable<PostRevisionsTable>

export interface CategoriesTable {
  id: Generated<number>
  name: string
  slug: string
}

export interface TagsTable {
  id: Generated<number>
  name: string
  slug: string
}

export interface PostCategoriesTable {
  post_id: number
  category_id: number
}

export interface PostTagsTable {
  post_id: number
  tag_id: number
}

export interface BrandsTable {
  id: Generated<number>
  name: string
  logo_url: string
  site_url: string | null
  /** 1 or 0 */
  is_featured: Generated<number>
  sort_order: Generated<number>
  /** When it was moved to the Trash (migration 0017); null while it is in use */
  deleted_at: Generated<string | null>
  /** Who moved it there (their email), null for none or the server */
  deleted_by: Generated<string | null>
}

export interface DealsSlidesTable {
  id: Generated<number>
  title: string
  description: string | null
  image_url: string | null
  /** YYYY-MM-DD or null for an open end */
  start_date: string | null
  end_date: string | null
  /** 1 or 0 */
  is_active: Generated<number>
  sort_order: Generated<number>
  /** When it was moved to the Trash (migration 0017); null while it is in use */
  deleted_at: Generated<string | null>
  /** Who moved it there (their email), null for none or the server */
  deleted_by: Generated<string | null>
}

export interface ReviewsTable {
  id: Generated<number>
  store: StoreKey
  author: string
  source: string
  rating: number
  quote: string
  /** YYYY-MM-DD */
  review_date: string
}

export interface ContactInquiriesTable {
  id: Generated<number>
  name: string
  email: string
  phone: string
  topic: string
  message: string
  status: Generated<InquiryStatus>
  created_at: Generated<string>
  /** staff only: an internal note, '' when none */
  staff_note: Generated<string>
}

export interface UsersTable {
  id: Generated<number>
  email: string
  password_hash: string
  /** the name staff see in the admin; '' until its owner sets one */
  name: Generated<string>
  /** set while the account is deactivated: it cannot sign in */
  deactivated_at: string | null
  last_sign_in_at: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface UserRolesTable {
  user_id: number
  role: string
}

export interface SessionsTable {
  /** SHA-256 of the random id the cookie carries */
  id: string
  user_id: number
  expires_at: string
  created_at: Generated<string>
  /** the browser's User-Agent when the session began (cut to 500 characters) */
  user_agent: string | null
  /** the client address the session began from */
  ip_address: string | null
  /** when the session was last used (renewed every few minutes); null: not since it began */
  last_seen_at: string | null
}

export interface PasswordResetTokensTable {
  id: Generated<number>
  user_id: number
  token_hash: string
  expires_at: string
  used_at: string | null
  created_at: Generated<string>
}

export interface SetupTokensTable {
  id: Generated<number>
  token_hash: string
  expires_at: string
  used_at: string | null
  created_at: Generated<string>
}

export interface UploadsTable {
  id: Generated<number>
  bucket: string
  file_name: string
  content_type: string
  size: number
  data: Buffer
  created_at: Generated<string>
  /** Pixel size read from the image's header; null when it could not be read. */
  width: number | null
  height: number | null
}

/** Narrower copies of an upload in AVIF, WebP and its own format, named `{uuid}-{width}.{ext}`. */
export interface UploadVariantsTable {
  id: Generated<number>
  upload_id: number
  bucket: string
  file_name: string
  content_type: string
  width: number
  height: number
  size: number
  data: Buffer
}

export interface SettingsTable {
  id: number
  /** JSON validated by SettingsSchema (app/schemas/settings.ts) */
  data: string
  updated_at: Generated<string>
}

export interface AttemptCountersTable {
  /** the limit's name, e.g. 'login-account' */
  rule: string
  /** SHA-256 (hex) of the key kind and value: no email or address is stored */
  key: string
  hits: number
  /** ISO instant until which attempts are refused, or null */
  blocked_until: string | null
  /** ISO instant after which the row is forgotten (and pruned) */
  expires_at: string
}

export type StaffRole = 'staff' | 'admin'
export const STAFF_ROLES = ['staff', 'admin'] as const

export interface StaffInvitationsTable {
  id: Generated<number>
  email: string
  role: StaffRole
  /** SHA-256 of the link in the latest email; null until the email is written */
  token_hash: string | null
  expires_at: string | null
  invited_by: number | null
  accepted_at: string | null
  accepted_user_id: number | null
  revoked_at: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface TotpFactorsTable {
  id: Generated<number>
  user_id: number
  /** base32, as the authenticator app has it */
  secret: string
  algorithm: Generated<string>
  digits: Generated<number>
  period: Generated<number>
  /** the time step of the latest accepted code */
  last_step: Generated<number>
  /** null while the enrolment is not confirmed with a code */
  confirmed_at: string | null
  created_at: Generated<string>
}

export interface RecoveryCodesTable {
  id: Generated<number>
  user_id: number
  code_hash: string
  used_at: string | null
  created_at: Generated<string>
}

export interface AuthPolicyTable {
  id: number
  /** 1: every account must use a second factor */
  require_second_factor: Generated<number>
  updated_at: Generated<string>
}

export interface ActivityLogTable {
  id: Generated<number>
  created_at: Generated<string>
  actor_id: number | null
  actor_email: string | null
  kind: ActivityKind
  action: string
  subject_id: number | null
  subject_label: Generated<string>
  summary: Generated<string>
  /** what changed, field by field (JSON list of FieldChange); NULL for entries written before it was kept */
  changes: string | null
}

export type MailKind = 'message' | 'password-reset' | 'invitation'
export type MailStatus = 'queued' | 'sent' | 'failed'

export interface MailQueueTable {
  id: Generated<number>
  kind: MailKind
  recipient: string
  /** empty for 'password-reset' rows, which are written when sent */
  subject: Generated<string>
  body: Generated<string>
  reply_to: string | null
  status: Generated<MailStatus>
  attempts: Generated<number>
  next_attempt_at: Generated<string>
  last_error: string | null
  sent_at: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

/** Work a migration asked the app to do after the migrations (app/models/upkeep.server.ts), one row per task. */
export interface UpkeepTasksTable {
  task: string
  requested_at: Generated<string>
}

/** Visits and taps rolled up per day (migration 0015); nothing in a row identifies a person. */
export interface VisitCountsTable {
  metric: 'views' | 'visitors' | 'device' | 'referrer' | 'utm_source' | 'utm_campaign' | 'tap'
  /** YYYY-MM-DD in the store's time zone */
  day: string
  /** the page's path, the site's name, the device class, the tap; '' for the day's visitors */
  item: string
  count: number
}

export interface Database {
  posts: PostsTable
  post_revisions: PostRevisionsTable
  categories: CategoriesTable
  tags: TagsTable
  post_categories: PostCategoriesTable
  post_tags: PostTagsTable
  brands: BrandsTable
  deals_slides: DealsSlidesTable
  reviews: ReviewsTable
  contact_inquiries: ContactInquiriesTable
  users: UsersTable
  user_roles: UserRolesTable
  sessions: SessionsTable
  password_reset_tokens: PasswordResetTokensTable
  setup_tokens: SetupTokensTable
  uploads: UploadsTable
  upload_variants: UploadVariantsTable
  settings: SettingsTable
  attempt_counters: AttemptCountersTable
  mail_queue: MailQueueTable
  staff_invitations: StaffInvitationsTable
  totp_factors: TotpFactorsTable
  recovery_codes: RecoveryCodesTable
  auth_policy: AuthPolicyTable
  activity_log: ActivityLogTable
  visit_counts: VisitCountsTable
  upkeep_tasks: UpkeepTasksTable
}

export type Post = Selectable<PostsTable>
export type NewPost = Insertable<PostsTable>
export type PostUpdate = Updateable<PostsTable>
export type Category = Selectable<CategoriesTable>
export type Tag = Selectable<TagsTable>
export type Brand = Selectable<BrandsTable>
export type NewBrand = Insertable<BrandsTable>
export type DealSlide = Selectable<DealsSlidesTable>
export type NewDealSlide = Insertable<DealsSlidesTable>
export type Review = Selectable<ReviewsTable>
export type NewReview = Insertable<ReviewsTable>
export type ContactInquiry = Selectable<ContactInquiriesTable>
export type User = Selectable<UsersTable>
export type Upload = Selectable<UploadsTable>
export type AttemptCounter = Selectable<AttemptCountersTable>
export type QueuedMail = Selectable<MailQueueTable>
export type StaffInvitation = Selectable<StaffInvitationsTable>
export type TotpFactor = Selectable<TotpFactorsTable>
export type ActivityEntry = Selectable<ActivityLogTable>
