/** The attributes of a Set-Cookie header (all but its "name=value"), names in lower case. */
export function cookieAttributes(setCookie: string): Map<string, string> {
  const [, ...parts] = setCookie.split(';')
  return new Map(
    parts.map((part) => {
      const [name, ...value] = part.trim().split('=')
      return [name.toLowerCase(), value.join('=')]
    }),
  )
}
