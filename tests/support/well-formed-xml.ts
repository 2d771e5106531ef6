/**
 * A strict XML 1.0 well-formedness check for tests (there is no XML parser
 * package in the project). Returns null when well-formed, else what is wrong.
 * Covers what our feeds can get wrong: legal characters, entity references,
 * '<' and '&' in text or attributes, quoted and unique attributes, tag nesting,
 * a single root, and nothing but whitespace around it.
 */
const NAME = /^[A-Za-z_][\w.:-]*/
const ENTITY = /^&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/
const ILLEGAL =
  // eslint-disable-next-line no-control-regex -- matching the control characters XML 1.0 forbids is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function checkText(text: string, where: string): string | null {
  if (text.includes('<')) return `'<' in ${where}`
  for (let i = text.indexOf('&'); i !== -1; i = text.indexOf('&', i + 1)) {
    if (!ENTITY.test(text.slice(i))) return `bad entity reference in ${where}: ${text.slice(i, i + 12)}`
  }
  return null
}

export function xmlWellFormedError(xml: string): string | null {
  if (ILLEGAL.test(xml)) return 'character not allowed in XML 1.0'
  let i = 0
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>')
    if (end === -1) return 'unterminated XML declaration'
    if (
      !/^<\?xml version="1\.[0-9]"( encoding="[A-Za-z][\w.-]*")?( standalone="(yes|no)")?\s*\?>$/.test(
        xml.slice(0, end + 2),
      )
    )
      return 'malformed XML declaration'
    i = end + 2
  }
  const stack: string[] = []
  let roots = 0
  while (i < xml.length) {
    const lt = xml.indexOf('<', i)
    const text = xml.slice(i, lt === -1 ? xml.length : lt)
    if (stack.length === 0) {
      if (text.trim() !== '') return `text outside the root element: ${text.trim().slice(0, 20)}`
    } else {
      const err = checkText(text, `text of <${stack[stack.length - 1]}>`)
      if (err) return err
    }
    if (lt === -1) break
    i = lt
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4)
      if (end === -1) return 'unterminated comment'
      if (xml.slice(i + 4, end).includes('--')) return "'--' inside a comment"
      i = end + 3
      continue
    }
    if (xml.startsWith('<![CDATA[', i)) {
      if (stack.length === 0) return 'CDATA outside the root element'
      const end = xml.indexOf(']]>', i)
      if (end === -1) return 'unterminated CDATA section'
      i = end + 3
      continue
    }
    if (xml.startsWith('<?', i)) {
      const end = xml.indexOf('?>', i)
      if (end === -1) return 'unterminated processing instruction'
      i = end + 2
      continue
    }
    if (xml.startsWith('<!', i)) return 'DOCTYPE or declaration not expected'
    if (xml.startsWith('</', i)) {
      const name = NAME.exec(xml.slice(i + 2))?.[0]
      if (!name) return 'bad closing tag'
      const rest = xml.slice(i + 2 + name.length)
      const close = /^\s*>/.exec(rest)
      if (!close) return `bad closing tag </${name}`
      const open = stack.pop()
      if (open !== name) return `</${name}> closes <${open ?? 'nothing'}>`
      i += 2 + name.length + close[0].length
      continue
    }
    const name = NAME.exec(xml.slice(i + 1))?.[0]
    if (!name) return `bad tag at ${i}: ${xml.slice(i, i + 20)}`
    if (stack.length === 0) {
      roots++
      if (roots > 1) return 'more than one root element'
    }
    i += 1 + name.length
    const seen = new Set<string>()
    for (;;) {
      const ws = /^\s*/.exec(xml.slice(i))![0]
      i += ws.length
      if (xml.startsWith('/>', i)) {
        i += 2
        break
      }
      if (xml[i] === '>') {
        i += 1
        stack.push(name)
        break
      }
      if (!ws) return `attributes of <${name}> need spaces between them`
      const attr = NAME.exec(xml.slice(i))?.[0]
      if (!attr) return `bad attribute in <${name}>`
      if (seen.has(attr)) return `duplicate attribute ${attr} in <${name}>`
      seen.add(attr)
      i += attr.length
      const eq = /^\s*=\s*(["'])/.exec(xml.slice(i))
      if (!eq) return `attribute ${attr} of <${name}> is not quoted`
      i += eq[0].length
      const end = xml.indexOf(eq[1], i)
      if (end === -1) return `unterminated attribute ${attr}`
      const err = checkText(xml.slice(i, end), `attribute ${attr} of <${name}>`)
      if (err) return err
      i = end + 1
    }
  }
  if (stack.length > 0) return `unclosed <${stack[stack.length - 1]}>`
  if (roots === 0) return 'no root element'
  return null
}
