import { describe, expect, it } from 'vitest'

import { Busy, WorkQueue } from '~/lib/work-queue'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('a short line for costly work', () => {
  it('a slow job holds one lane; the next job starts at once in the other', async () => {
    const line = new WorkQueue(2, 4)
    const slow = gate()
    const slowJob = line.run(() => slow.opened)
    let quickRan = false
    await line.run(async () => {
      quickRan = true
    })
    expect(quickRan).toBe(true)
    slow.open()
    await slowJob
    expect(line.idle).toBe(true)
  })

  it('past the lanes and the line, work is turned away at once and counted', async () => {
    const line = new WorkQueue(1, 1)
    const held = gate()
    const first = line.run(() => held.opened)
    const second = line.run(async () => 'second')
    expect(line.hasRoom()).toBe(false)
    await expect(line.run(async () => 'third')).rejects.toBeInstanceOf(Busy)
    expect(line.figures()).toEqual({ active: 1, waiting: 1, refused: 1, overShare: 0 })
    held.open()
    await first
    expect(await second).toBe('second')
    expect(line.idle).toBe(true)
  })

  it('work that waited past its time is turned away, and the line moves on', async () => {
    const line = new WorkQueue(1, 4, 10)
    const held = gate()
    const first = line.run(() => held.opened)
    await expect(line.run(async () => 'late')).rejects.toBeInstanceOf(Busy)
    held.open()
    await first
    expect(await line.run(async () => 'next')).toBe('next')
  })

  it('a job that fails frees its lane', async () => {
    const line = new WorkQueue(1, 0)
    await expect(line.run(async () => Promise.reject(new Error('bad picture')))).rejects.toThrow('bad picture')
    expect(await line.run(async () => 'ok')).toBe('ok')
  })
})

describe('a busy line’s fair share', () => {
  // From four places taken, a sender holding two gets no more.
  const share = { busyFrom: 4, perSender: 2 }

  it('a quiet line takes any number from one sender; busy, that sender waits for its own jobs to end', async () => {
    const line = new WorkQueue(1, 9, 5000, share)
    const held = gate()
    const jobs = Array.from({ length: 4 }, () => line.run(() => held.opened, 'crowd'))
    expect(line.figures()).toMatchObject({ active: 1, waiting: 3 })
    expect(line.hasRoom('crowd')).toBe(false)
    await expect(line.run(async () => 'fifth', 'crowd')).rejects.toBeInstanceOf(Busy)
    // Others still get in, each up to its share; work from no named sender too.
    const others = [line.run(async () => 'a', 'one'), line.run(async () => 'b', 'one'), line.run(async () => 'c')]
    await expect(line.run(async () => 'a third', 'one')).rejects.toBeInstanceOf(Busy)
    expect(line.figures()).toEqual({ active: 1, waiting: 6, refused: 2, overShare: 2 })

    held.open()
    await Promise.all(jobs)
    expect(await Promise.all(others)).toEqual(['a', 'b', 'c'])
    // Its jobs done, the sender is welcome again.
    expect(await line.run(async () => 'later', 'crowd')).toBe('later')
    expect(line.idle).toBe(true)
  })

  it('a client who holds both lanes waits while a patient is in line: the patient’s page goes next', async () => {
    const line = new WorkQueue(2, 9, 5000, share)
    const started: string[] = []
    const gates = new Map<string, ReturnType<typeof gate>>()
    const job = (name: string, sender: string) => {
      const held = gate()
      gates.set(name, held)
      return line.run(async () => {
        started.push(name)
        await held.opened
      }, sender)
    }
    const jobs = [job('flood 1', 'flood'), job('flood 2', 'flood'), job('flood 3', 'flood'), job('flood 4', 'flood')]
    jobs.push(job('patient', 'patient'), job('other patient', 'someone else'))
    while (started.length < 2) await new Promise((resolve) => setImmediate(resolve))

    gates.get('flood 1')!.open()
    while (started.length < 3) await new Promise((resolve) => setImmediate(resolve))
    // The flood's jobs 3 and 4 came first, but the flood still runs one: the free lane goes to the patient.
    expect(started).toEqual(['flood 1', 'flood 2', 'patient'])

    // Among senders with as many jobs running, arrival order.
    gates.get('flood 2')!.open()
    while (started.length < 4) await new Promise((resolve) => setImmediate(resolve))
    expect(started[3]).toBe('flood 3')

    while (started.length < 6) {
      for (const held of gates.values()) held.open()
      await new Promise((resolve) => setImmediate(resolve))
    }
    for (const held of gates.values()) held.open()
    await Promise.all(jobs)
    expect(line.idle).toBe(true)
  })

  it('counts as over its share only work the line had room for', async () => {
    const line = new WorkQueue(1, 3, 5000, { busyFrom: 2, perSender: 1 })
    const held = gate()
    const jobs = [line.run(() => held.opened, 'a'), line.run(() => held.opened, 'a')]
    await expect(line.run(async () => 'third', 'a')).rejects.toBeInstanceOf(Busy)
    expect(line.turnAway('a')).toBe('over share')
    jobs.push(
      line.run(() => held.opened, 'b'),
      line.run(() => held.opened, 'c'),
    )
    // Full now: "b" is over its share too, but the line would have turned anyone away.
    expect(line.hasRoom('b')).toBe(false)
    expect(line.turnAway('b')).toBe('full')
    await expect(line.run(async () => 'more', 'b')).rejects.toBeInstanceOf(Busy)
    expect(line.figures()).toEqual({ active: 1, waiting: 3, refused: 4, overShare: 2 })
    held.open()
    await Promise.all(jobs)
  })

  it('a job that waited past its time gives its places back to its sender', async () => {
    const line = new WorkQueue(1, 9, 10, share)
    const held = gate()
    const first = line.run(() => held.opened, 'filler')
    const late = [line.run(async () => 'late', 'crowd'), line.run(async () => 'late', 'crowd')]
    const waitingFiller = line.run(async () => 'late', 'filler')
    expect(line.hasRoom('crowd')).toBe(false)
    for (const job of [...late, waitingFiller]) await expect(job).rejects.toBeInstanceOf(Busy)
    // Busy again, without the crowd's jobs: it may send more.
    const again = [line.run(async () => 'x', 'other'), line.run(async () => 'y', 'other'), line.run(async () => 'z')]
    expect(line.hasRoom('crowd')).toBe(true)
    held.open()
    await Promise.all([first, ...again])
  })

  it('a job that failed gives its place back to its sender', async () => {
    const line = new WorkQueue(1, 9, 5000, { busyFrom: 2, perSender: 1 })
    const held = gate()
    const filler = line.run(() => held.opened, 'filler')
    const failing = line.run(async () => Promise.reject(new Error('bad picture')), 'sender')
    expect(line.hasRoom('sender')).toBe(false)
    held.open()
    await filler
    await expect(failing).rejects.toThrow('bad picture')
    const nextHeld = gate()
    const next = [line.run(() => nextHeld.opened, 'filler'), line.run(async () => 'waits', 'other')]
    expect(line.hasRoom('sender')).toBe(true)
    nextHeld.open()
    await Promise.all(next)
  })
})

describe('the line leaves room for other work between jobs', () => {
  it('a job waiting in line starts only after what arrived during the job before it has had its turn', async () => {
    const line = new WorkQueue(1, 4)
    const order: string[] = []
    const first = line.run(async () => {
      // Something arrives while the first job holds the thread (a request, a timer).
      setImmediate(() => order.push('arrived during the first job'))
      order.push('first job')
    })
    const second = line.run(async () => {
      order.push('second job')
    })
    await Promise.all([first, second])
    expect(order).toEqual(['first job', 'arrived during the first job', 'second job'])
  })

  it('jobs asked for in one turn, each after the one before has run its course, still take a turn each', async () => {
    const line = new WorkQueue(1, 8)
    const order: string[] = []
    const jobs: Promise<unknown>[] = []
    // Three requests read in the same turn: a job needs no I/O, so without a
    // turn of its own each would run to its end before the next is even asked.
    for (const n of [1, 2, 3]) {
      jobs.push(line.run(async () => void order.push(`job ${n}`)))
      for (let i = 0; i < 10; i++) await null
    }
    setImmediate(() => order.push('something read meanwhile'))
    await Promise.all(jobs)
    expect(order).toEqual(['job 1', 'something read meanwhile', 'job 2', 'job 3'])
  })
})
