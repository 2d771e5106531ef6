/**
 * Why replication (or a restore) failed, in the operator's words, from what
 * Litestream and the AWS SDK inside it print. The same words go to the log,
 * /healthz/replication and the admin dashboard.
 */
export type ReplicationCause =
  | 'certificate-untrusted'
  | 'credentials-refused'
  | 'bucket-missing'
  | 'no-backups'
  | 'write-refused'
  | 'endpoint-unreachable'
  | 'other'

/** First match wins: a TLS failure also reads like a failed request, so it comes before "unreachable". */
const PATTERNS: [RegExp, ReplicationCause][] = [
  [
    /x509:|certificate signed by unknown authority|tls: failed to verify|certificate is not (trusted|valid)/i,
    'certificate-untrusted',
  ],
  [
    /NoCredentialProviders|InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied|Forbidden|\b403\b/i,
    'credentials-refused',
  ],
  [/NoSuchBucket/i, 'bucket-missing'],
  [/no matching backups/i, 'no-backups'],
  [/permission denied|read-only file system|operation not permitted|not a directory|no space left/i, 'write-refused'],
  [
    /connection refused|no such host|i\/o timeout|network is unreachable|dial tcp|RequestError|\bEOF\b|deadline exceeded/i,
    'endpoint-unreachable',
  ],
]

export function classifyFailure(raw: string): ReplicationCause {
  return PATTERNS.find(([pattern]) => pattern.test(raw))?.[1] ?? 'other'
}

/** While replicating: what went wrong and what to do, in plain words. */
const REPLICATING: Record<Exclude<ReplicationCause, 'other'>, string> = {
  'write-refused':
    'write refused: the replica folder cannot be written by the server’s user (give that folder to the user, or mount it read-write)',
  'certificate-untrusted':
    'certificate not trusted: the storage’s TLS certificate is not signed by an authority this machine trusts (the image needs the ca-certificates package, or the endpoint a valid certificate)',
  'credentials-refused':
    'credentials refused: the storage refused the keys (check LITESTREAM_ACCESS_KEY_ID and LITESTREAM_SECRET_ACCESS_KEY)',
  'endpoint-unreachable':
    'endpoint unreachable: the storage cannot be reached (check LITESTREAM_ENDPOINT and the network)',
  'bucket-missing': 'the bucket does not exist',
  'no-backups': 'the replica holds no database at or before that moment',
}

/**
 * The plain words for a cause; undefined for one this module does not know.
 * While restoring the label in front is left out, and a folder that refuses
 * access is one that cannot be read.
 */
export function causeWords(cause: ReplicationCause, during: 'replicate' | 'restore' = 'replicate'): string | undefined {
  if (cause === 'other') return undefined
  if (during === 'replicate') return REPLICATING[cause]
  if (cause === 'write-refused') return 'the replica folder cannot be read'
  return REPLICATING[cause].replace(/^[a-z ]+: /, '')
}
