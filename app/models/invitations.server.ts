import { createHash, randomBytes } from 'node:crypto'

import { hashPassword } from '~/auth/password.server'
import { db } from '~/db/db.server'
import type { StaffInvitation, StaffRole } from '~/db/types'
import { type Actor, recordActivity } from '~/models/activity.server'

/**
 * Invitations to join the staff. An admin names an email and a role; the
 * email carries a link that works once, for 7 days from when it was written.
 * The link is made when the mail queue writes the email (a fresh one each
 * time), and only its hash is kept, so the database never holds a usable
 * link. Sending again replaces the link; revoking voids it.
 */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export type InvitationResult = { ok: true; id: number; resent: boolean } | { ok: false; message: string }

export interface OpenInvitation {
  id: number
  email: string
  role: StaffRole
  invited_by_email: string | null
  created_at: string
  updated_at: string
  /** null until its email has been written */
  expires_at: string | null
}

export const ACCOUNT_EXISTS_MESSAGE =
  'There is already an account for this email. Reactivate it or change its role in the list below.'

/**
 * Invites an email with a role. An open invitation for the same email is
 * sent again (with the new role) rather than doubled. The caller queues the
 * email.
 */
export async function createInvitation(email: string, role: StaffRole, actor: Actor | null): Promise<InvitationResult> {
  const address = email.trim()
  return db()
    .transaction()
    .execute(async (trx) => {
      const account = await trx.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst()
      if (account) return { ok: false, message: ACCOUNT_EXISTS_MESSAGE } as const
      const now = new Date().toISOString()
      const open = await trx
        .selectFrom('staff_invitations')
        .select(['id', 'role'])
        .where('email', '=', address)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      let id: number
      if (open) {
        await trx
          .updateTable('staff_invitations')
          .set({ role, token_hash: null, expires_at: null, invited_by: actor?.id ?? null, updated_at: now })
          .where('id', '=', open.id)
          .execute()
        id = open.id
      } else {
        const row = await trx
          .insertInto('staff_invitations')
          .values({ email: address, role, invited_by: actor?.id ?? null })
          .returning('id')
          .executeTakeFirstOrThrow()
        id = row.id
      }
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: open ? 'invitation resent' : 'invited',
          subject_id: null,
          subject_label: address,
          summary: open && open.role !== role ? `Role: ${open.role} → ${role}` : `Role: ${role}`,
        },
        actor,
      )
      return { ok: true, id, resent: Boolean(open) } as const
    })
}

/** Invitations not yet accepted or revoked (expired ones too: they can be sent again), newest first. */
export async function listOpenInvitations(): Promise<OpenInvitation[]> {
  return db()
    .selectFrom('staff_invitations')
    .leftJoin('users', 'users.id', 'staff_invitations.invited_by')
    .select([
      'staff_invitations.id',
      'staff_invitations.email',
      'staff_invitations.role',
      'staff_invitations.created_at',
      'staff_invitations.updated_at',
      'staff_invitations.expires_at',
      'users.email as invited_by_email',
    ])
    .where('staff_invitations.accepted_at', 'is', null)
    .where('staff_invitations.revoked_at', 'is', null)
    .orderBy('staff_invitations.updated_at', 'desc')
    .execute()
}

export async function getOpenInvitation(id: number): Promise<StaffInvitation | undefined> {
  return db()
    .selectFrom('staff_invitations')
    .selectAll()
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
}

/**
 * Changes an open invitation (neither accepted nor revoked) and records it in
 * the activity log, in one transaction. Undefined when it is no longer open.
 */
async function changeOpenInvitation(
  id: number,
  actor: Actor | null,
  action: 'invitation resent' | 'invitation revoked',
  changes: (now: string) => { token_hash: null; expires_at?: null; revoked_at?: string },
): Promise<StaffInvitation | undefined> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const now = new Date().toISOString()
      const invitation = await trx
        .updateTable('staff_invitations')
        .set({ ...changes(now), updated_at: now })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returningAll()
        .executeTakeFirst()
      if (!invitation) return undefined
      await recordActivity(
        trx,
        { kind: 'account', action, subject_label: invitation.email, summary: `Role: ${invitation.role}` },
        actor,
      )
      return invitation
    })
}

/** Marks an open invitation to be sent again (its old link stops working when the new email is written). */
export async function resendInvitation(id: number, actor: Actor | null): Promise<StaffInvitation | undefined> {
  return changeOpenInvitation(id, actor, 'invitation resent', () => ({ token_hash: null, expires_at: null }))
}

/** Revokes an open invitation: its link stops working at once. */
export async function revokeInvitation(id: number, actor: Actor | null): Promise<StaffInvitation | undefined> {
  return changeOpenInvitation(id, actor, 'invitation revoked', (now) => ({ revoked_at: now, token_hash: null }))
}

/**
 * A fresh link for the open invitation of `email`, written when its email is
 * sent: the previous link stops working. Undefined when there is no open
 * invitation (revoked or accepted since it was queued): nothing is sent.
 */
export async function issueInvitationLink(
  email: string,
  now: Date = new Date(),
): Promise<
  { token: string; invitation: StaffInvitation; inviter: { email: string; name: string } | null } | undefined
> {
  const token = randomBytes(32).toString('base64url')
  const invitation = await db()
    .updateTable('staff_invitations')
    .set({
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
      updated_at: now.toISOString(),
    })
    .where('email', '=', email.trim())
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
  if (!invitation) return undefined
  const inviter =
    invitation.invited_by === null
      ? null
      : ((await db()
          .selectFrom('users')
          .select(['email', 'name'])
          .where('id', '=', invitation.invited_by)
          .executeTakeFirst()) ?? null)
  return { token, invitation, inviter }
}

export type InvitationState =
  { status: 'valid'; invitation: StaffInvitation } | { status: 'missing' | 'expired' | 'used' | 'revoked' }

/** Whether an invitation link can still be used (reads only). */
export async function checkInvitation(
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<InvitationState> {
  // Issued tokens are 43 characters; a longer one finds nothing in the lookup.
  if (!token) return { status: 'missing' }
  const invitation = await db()
    .selectFrom('staff_invitations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (!invitation) return { status: 'missing' }
  if (invitation.accepted_at) return { status: 'used' }
  if (invitation.revoked_at) return { status: 'revoked' }
  if (!invitation.expires_at || !(new Date(invitation.expires_at).getTime() > now.getTime()))
    return { status: 'expired' }
  return { status: 'valid', invitation }
}

export type AcceptResult =
  | { status: 'valid'; user: { id: number; email: string } }
  | { status: 'missing' | 'expired' | 'used' | 'revoked' | 'taken' }

/**
 * Accepts an invitation: claims it (once, atomically), creates the account
 * with its role, name and password, and logs who joined.
 */
export async function acceptInvitation(
  token: string,
  values: { name: string; password: string },
  now: Date = new Date(),
): Promise<AcceptResult> {
  // Checked before the (deliberately slow) hashing, so a stream of made-up or spent links costs
  // a lookup each, never a quarter of a second of the processor. The claim below still decides.
  const before = await checkInvitation(token, now)
  if (before.status !== 'valid') return { status: before.status }
  const password_hash = await hashPassword(values.password)
  const stamp = now.toISOString()
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .updateTable('staff_invitations')
        .set({ accepted_at: stamp, updated_at: stamp })
        .where('token_hash', '=', hashToken(token))
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', stamp)
        .returningAll()
        .executeTakeFirst()
      if (!claimed) return null
      const existing = await trx.selectFrom('users').select('id').where('email', '=', claimed.email).executeTakeFirst()
      if (existing) return { status: 'taken' } as const
      const user = await trx
        .insertInto('users')
        .values({ email: claimed.email, password_hash, name: values.name, last_sign_in_at: stamp })
        .returning(['id', 'email'])
        .executeTakeFirstOrThrow()
      await trx.insertInto('user_roles').values({ user_id: user.id, role: claimed.role }).execute()
      await trx
        .updateTable('staff_invitations')
        .set({ accepted_user_id: user.id })
        .where('id', '=', claimed.id)
        .execute()
      await recordActivity(
        trx,
        {
          kind: 'account',
          action: 'joined',
          subject_id: user.id,
          subject_label: user.email,
          summary: `Accepted the invitation; role: ${claimed.role}`,
        },
        user,
        now,
      )
      return { status: 'valid', user } as const
    })
  if (result) return result
  const state = await checkInvitation(token, now)
  return { status: state.status === 'valid' ? 'missing' : state.status }
}
