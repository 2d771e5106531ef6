import { type Kysely, sql } from 'kysely'

/**
 * Every entity of the site (posts, taxonomy, brands, deal slides, reviews,
 * inquiries, roles) plus users, sessions, reset tokens, uploads and settings.
 * Ids are AUTOINCREMENT: an id that was deleted is never handed to a new row, so
 * a form still open on a deleted record can never overwrite a newer one.
 */
const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`

const statements = [
  `CREATE TABLE posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    slug TEXT NOT NULL UNIQUE CHECK (slug <> '' AND slug NOT GLOB '*[^a-z0-9-]*'),
    excerpt TEXT CHECK (excerpt IS NULL OR length(excerpt) <= 500),
    content TEXT NOT NULL DEFAULT '' CHECK (length(content) <= 100000),
    hero_image_url TEXT,
    og_image_url TEXT,
    author TEXT NOT NULL DEFAULT 'Lindsey Street Cannabis Co. Team',
    status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'published')),
    published_at TEXT,
    updated_at TEXT NOT NULL DEFAULT ${NOW},
    meta_title TEXT CHECK (meta_title IS NULL OR length(meta_title) <= 60),
    meta_description TEXT CHECK (meta_description IS NULL OR length(meta_description) <= 160),
    read_minutes INTEGER NOT NULL DEFAULT 1 CHECK (read_minutes >= 1),
    created_at TEXT NOT NULL DEFAULT ${NOW}
  )`,
  // Public lists: status = published AND published_at <= now ORDER BY published_at DESC.
  `CREATE INDEX posts_status_published_at ON posts (status, published_at DESC)`,
  // Admin list: ORDER BY created_at DESC.
  `CREATE INDEX posts_created_at ON posts (created_at DESC)`,
  `CREATE TABLE categories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    slug TEXT NOT NULL UNIQUE CHECK (slug <> '')
  )`,
  `CREATE TABLE tags (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    slug TEXT NOT NULL UNIQUE CHECK (slug <> '')
  )`,
  `CREATE TABLE post_categories (
    post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    category_id INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    PRIMARY KEY (post_id, category_id)
  )`,
  `CREATE INDEX post_categories_category ON post_categories (category_id, post_id)`,
  `CREATE TABLE post_tags (
    post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (post_id, tag_id)
  )`,
  `CREATE INDEX post_tags_tag ON post_tags (tag_id, post_id)`,
  `CREATE TABLE brands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    logo_url TEXT NOT NULL CHECK (logo_url <> ''),
    site_url TEXT,
    is_featured INTEGER NOT NULL DEFAULT 1 CHECK (is_featured IN (0, 1)),
    sort_order INTEGER NOT NULL DEFAULT 0
  )`,
  `CREATE INDEX brands_order ON brands (sort_order, name)`,
  `CREATE TABLE deals_slides (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    description TEXT,
    image_url TEXT,
    start_date TEXT CHECK (start_date IS NULL OR start_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    end_date TEXT CHECK (end_date IS NULL OR end_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    sort_order INTEGER NOT NULL DEFAULT 0
  )`,
  `CREATE INDEX deals_slides_order ON deals_slides (sort_order, id)`,
  `CREATE TABLE reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    store TEXT NOT NULL CHECK (store IN ('Lindsey', 'BlueWater')),
    author TEXT NOT NULL,
    source TEXT NOT NULL,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    quote TEXT NOT NULL,
    review_date TEXT NOT NULL
  )`,
  `CREATE INDEX reviews_store_date ON reviews (store, review_date DESC)`,
  `CREATE TABLE contact_inquiries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 255),
    phone TEXT NOT NULL DEFAULT '' CHECK (length(phone) <= 20),
    topic TEXT NOT NULL CHECK (topic IN ('product-suggestion', 'career', 'review', 'general')),
    message TEXT NOT NULL CHECK (length(message) BETWEEN 10 AND 5000),
    status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in-progress', 'closed')),
    created_at TEXT NOT NULL DEFAULT ${NOW}
  )`,
  `CREATE INDEX contact_inquiries_created ON contact_inquiries (created_at DESC)`,
  `CREATE INDEX contact_inquiries_topic_created ON contact_inquiries (topic, created_at DESC)`,
  `CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (email LIKE '%@%'),
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    updated_at TEXT NOT NULL DEFAULT ${NOW}
  )`,
  `CREATE TABLE user_roles (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    PRIMARY KEY (user_id, role)
  )`,
  `CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT ${NOW}
  )`,
  `CREATE INDEX sessions_user ON sessions (user_id)`,
  `CREATE TABLE password_reset_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    created_at TEXT NOT NULL DEFAULT ${NOW}
  )`,
  `CREATE TABLE uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    bucket TEXT NOT NULL CHECK (bucket IN ('deals', 'blog-images', 'brands')),
    file_name TEXT NOT NULL CHECK (file_name NOT LIKE '%/%' AND file_name NOT LIKE '%..%'),
    content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif')),
    size INTEGER NOT NULL CHECK (size BETWEEN 1 AND 5242880),
    data BLOB NOT NULL,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    UNIQUE (bucket, file_name)
  )`,
  `CREATE TABLE settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    data TEXT NOT NULL CHECK (json_valid(data)),
    updated_at TEXT NOT NULL DEFAULT ${NOW}
  )`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>) {
  const tables = [
    'settings',
    'uploads',
    'password_reset_tokens',
    'sessions',
    'user_roles',
    'users',
    'contact_inquiries',
    'reviews',
    'deals_slides',
    'brands',
    'post_tags',
    'post_categories',
    'tags',
    'categories',
    'posts',
  ]
  for (const table of tables) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db)
}
