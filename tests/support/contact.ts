import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'

/** A contact form as a patient fills it in: a general question, no phone, the hidden trap field left empty. */
export const CONTACT_FIELDS = {
  name: 'Jordan Example',
  email: 'jordan@example.com',
  phone: '',
  topic: 'general',
  message: 'Do you carry glass pipes and papers?',
  company: '',
}

/** One post a stand-in form service was sent. */
export interface Received {
  method?: string
  headers: IncomingHttpHeaders
  body: string
}

/**
 * A stand-in form service on a local port that answers every post with `status`
 * and keeps what it was sent. The caller closes `server` when done.
 */
export async function startFormService(status: number): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      received.push({ method: req.method, headers: req.headers, body })
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/forms`, received }
}
