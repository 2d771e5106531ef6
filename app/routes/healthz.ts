import { sqlite } from '~/db/db.server'

/** 200 {"ok":true} after a SELECT 1; 503 when the database does not answer. */
export function loader() {
  const headers = { 'Cache-Control': 'no-store' }
  try {
    sqlite().prepare('SELECT 1').get()
    return Response.json({ ok: true }, { headers })
  } catch (error) {
    console.error('Health check failed', error)
    return Response.json({ ok: false }, { status: 503, headers })
  }
}
