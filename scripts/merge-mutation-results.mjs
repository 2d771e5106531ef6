// Merges the results files of mutation runs made in parts into one, for
// Stryker's incremental mode:
//   node scripts/merge-mutation-results.mjs reports/stryker-incremental.json reports/mutation/<part>.json …
// Give the files oldest first: for each mutated file, the last results file
// that holds it wins. Test ids are numbers local to each results file, so every
// test gets one new id by its file and name. A test file keeps the text it had
// in the first results file that names it, so a test changed since then counts
// as changed and the mutants it covers are tested again.
import { readFileSync, writeFileSync } from 'node:fs'

const [out, ...inputs] = process.argv.slice(2)
if (!out || inputs.length === 0) {
  console.error('usage: node scripts/merge-mutation-results.mjs <out.json> <results.json> [<results.json> …]')
  process.exit(2)
}

const merged = { files: {}, testFiles: {} }
const idByTest = new Map()
for (const path of inputs) {
  const results = JSON.parse(readFileSync(path, 'utf8'))
  const newId = new Map()
  for (const [file, testFile] of Object.entries(results.testFiles ?? {})) {
    merged.testFiles[file] ??= { ...testFile, tests: [] }
    for (const test of testFile.tests) {
      const key = `${file}\0${test.name}`
      if (!idByTest.has(key)) {
        idByTest.set(key, String(idByTest.size))
        merged.testFiles[file].tests.push({ ...test, id: idByTest.get(key) })
      }
      newId.set(test.id, idByTest.get(key))
    }
  }
  const remap = (ids) =>
    ids?.map((id) => {
      if (!newId.has(id)) throw new Error(`${path}: a mutant names test ${id}, which the file does not list`)
      return newId.get(id)
    })
  for (const [file, { mutants, ...rest }] of Object.entries(results.files)) {
    merged.files[file] = {
      ...rest,
      mutants: mutants.map((mutant) => ({
        ...mutant,
        coveredBy: remap(mutant.coveredBy),
        killedBy: remap(mutant.killedBy),
      })),
    }
  }
  for (const [key, value] of Object.entries(results)) if (key !== 'files' && key !== 'testFiles') merged[key] = value
}

writeFileSync(out, JSON.stringify(merged, null, 2))
let killed = 0
let counted = 0
for (const { mutants } of Object.values(merged.files))
  for (const { status } of mutants) {
    if (status === 'Killed' || status === 'Timeout') killed++
    if (status === 'Killed' || status === 'Timeout' || status === 'Survived' || status === 'NoCoverage') counted++
  }
console.log(
  `${out}: ${Object.keys(merged.files).length} files, ${idByTest.size} tests, ${((100 * killed) / counted).toFixed(2)} % killed`,
)
