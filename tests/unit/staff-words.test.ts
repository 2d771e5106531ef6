import { describe, expect, it } from 'vitest'

import { accountsUsingIt } from '~/lib/staff-words'

describe('how many accounts use two-step sign-in, in plain English', () => {
  it('the owner alone, not yet set up, reads "0 of 1 active account uses it"', () => {
    expect(accountsUsingIt(0, 1)).toBe('0 of 1 active account uses it')
    expect(accountsUsingIt(1, 1)).toBe('1 of 1 active account uses it')
  })

  it('a team reads the verb that fits: one uses it, several or none use it', () => {
    expect(accountsUsingIt(1, 3)).toBe('1 of 3 active accounts uses it')
    expect(accountsUsingIt(2, 3)).toBe('2 of 3 active accounts use it')
    expect(accountsUsingIt(0, 3)).toBe('0 of 3 active accounts use it')
  })
})
