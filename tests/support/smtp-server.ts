import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { connect, createServer } from 'node:net'

/**
 * A real SMTP server for tests: aiosmtpd (Debian package python3-aiosmtpd),
 * whose default handler prints every message it accepts. A port nobody
 * listens on is a mail server that is down.
 */
export interface SmtpServer {
  port: number
  url: string
  /** everything the server printed: the messages it accepted */
  received: () => string
  stop: () => Promise<void>
}

/** A port nothing listens on (asked of the operating system, then closed). */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

function pythonWithAiosmtpd(): string {
  for (const python of ['/usr/bin/python3', 'python3']) {
    if (spawnSync(python, ['-c', 'import aiosmtpd'], { stdio: 'ignore' }).status === 0) return python
  }
  throw new Error('No python3 with aiosmtpd: install the Debian package python3-aiosmtpd')
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

export async function startSmtpServer(port?: number): Promise<SmtpServer> {
  const listenOn = port ?? (await closedPort())
  const child: ChildProcess = spawn(
    pythonWithAiosmtpd(),
    ['-u', '-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${listenOn}`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  for (let attempt = 0; !(await accepts(listenOn)); attempt++) {
    if (child.exitCode !== null || attempt > 100) {
      child.kill('SIGKILL')
      throw new Error(`aiosmtpd did not start:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    port: listenOn,
    url: `smtp://127.0.0.1:${listenOn}`,
    received: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
