/**
 * "0 of 1 active account uses it", "1 of 3 active accounts uses it", "2 of 3
 * active accounts use it": the verb is singular when one account is meant,
 * either the one that uses it or the only one there is.
 */
export function accountsUsingIt(using: number, active: number): string {
  const accounts = `${active} active account${active === 1 ? '' : 's'}`
  return `${using} of ${accounts} ${using === 1 || active === 1 ? 'uses' : 'use'} it`
}
