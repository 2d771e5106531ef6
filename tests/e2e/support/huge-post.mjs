// Streams a large form body to a URL from its own process (so the test's own
// event loop stays free to time other requests) and prints
// {"status":…,"ms":…,"sent":…,"body":…} as soon as the server answers; `sent`
// is how many bytes of the body had been handed to the socket by then.
// Usage: node huge-post.mjs URL BYTES declared|chunked
import { request as httpRequest } from 'node:http'

const [url, size, mode] = process.argv.slice(2)
const bytes = Number(size)
const started = Date.now()
let answered = false
const request = httpRequest(url, {
  method: 'POST',
  headers: {
    'Content-Type': 'application/x-www-form-urlencoded',
    ...(mode === 'declared' ? { 'Content-Length': String(bytes) } : { 'Transfer-Encoding': 'chunked' }),
  },
})
const finish = (status, body) => {
  process.stdout.write(JSON.stringify({ status, ms: Date.now() - started, sent, body }))
  process.exit(0)
}
request.on('response', (response) => {
  answered = true
  let body = ''
  response.setEncoding('utf8')
  response.on('data', (chunk) => (body += chunk))
  response.on('end', () => finish(response.statusCode, body))
  response.on('error', () => finish(response.statusCode, body))
})
request.on('error', (error) => {
  if (!answered) finish(0, String(error))
})
let sent = 0
const chunk = Buffer.alloc(256 * 1024, 'a')
chunk.write('message=')
const pump = () => {
  while (!answered && sent < bytes) {
    const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent))
    sent += piece.length
    if (!request.write(piece)) {
      request.once('drain', pump)
      return
    }
  }
  if (!answered) request.end()
}
pump()
