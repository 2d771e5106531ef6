import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A tiny in-memory stand-in for S3, enough for Litestream 0.3 (path-style
 * ListObjects, PutObject, GetObject, DeleteObject(s)), so a test can make the
 * storage go away while the server replicates to it.
 */
export interface FakeS3 {
  endpoint: string
  /** Object keys stored so far. */
  keys: () => string[]
  /** Stops answering: every request from now on finds nothing listening. */
  close: () => Promise<void>
}

const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; modified: Date }>()
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3.local')
    const [, bucket = '', ...rest] = url.pathname.split('/')
    const key = decodeURIComponent(rest.join('/'))
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      if (request.method === 'GET' && !key) {
        const prefix = url.searchParams.get('prefix') ?? ''
        const delimiter = url.searchParams.get('delimiter') ?? ''
        const prefixes = new Set<string>()
        const contents: string[] = []
        for (const [name, object] of [...objects].sort(([a], [b]) => a.localeCompare(b))) {
          if (!name.startsWith(prefix)) continue
          const cut = delimiter ? name.indexOf(delimiter, prefix.length) : -1
          if (cut >= 0) prefixes.add(name.slice(0, cut + delimiter.length))
          else
            contents.push(
              `<Contents><Key>${xml(name)}</Key><LastModified>${object.modified.toISOString()}</LastModified><Size>${object.body.length}</Size><ETag>"x"</ETag><StorageClass>STANDARD</StorageClass></Contents>`,
            )
        }
        response.setHeader('Content-Type', 'application/xml')
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix><Marker></Marker><MaxKeys>1000</MaxKeys><Delimiter>${xml(delimiter)}</Delimiter><IsTruncated>false</IsTruncated>${contents.join('')}${[...prefixes].map((p) => `<CommonPrefixes><Prefix>${xml(p)}</Prefix></CommonPrefixes>`).join('')}</ListBucketResult>`,
        )
      } else if (request.method === 'PUT' && key) {
        objects.set(key, { body, modified: new Date() })
        response.setHeader('ETag', '"x"')
        response.end()
      } else if ((request.method === 'GET' || request.method === 'HEAD') && key) {
        const object = objects.get(key)
        if (!object) {
          response.statusCode = 404
          response.setHeader('Content-Type', 'application/xml')
          response.end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>',
          )
          return
        }
        response.setHeader('Content-Length', object.body.length)
        response.setHeader('Last-Modified', object.modified.toUTCString())
        response.end(request.method === 'HEAD' ? undefined : object.body)
      } else if (request.method === 'DELETE' && key) {
        objects.delete(key)
        response.statusCode = 204
        response.end()
      } else if (request.method === 'POST' && url.searchParams.has('delete')) {
        const deleted = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!)
        for (const name of deleted) objects.delete(name.replaceAll('&amp;', '&'))
        response.setHeader('Content-Type', 'application/xml')
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?><DeleteResult>${deleted.map((k) => `<Deleted><Key>${k}</Key></Deleted>`).join('')}</DeleteResult>`,
        )
      } else {
        response.statusCode = 501
        response.end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    keys: () => [...objects.keys()],
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
