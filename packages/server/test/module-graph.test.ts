// The domain modules depend on each other one way (docs/architecture.md): a module may use another through its public entry
// (modules/<name>/index.ts, eslint-rules/index.js), but no chain of such uses leads back to where it started. This reads
// the server's sources (tests and test kits aside, as they may reach into any module), draws the graph of module →
// module imports (type-only and dynamic imports included) and fails on a cycle, naming the modules and the imports
// that close it.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '../src')
const MODULES = path.join(SRC, 'modules')

/** Module → the modules it imports, each with one import that makes the edge (for the message). */
type ModuleGraph = Map<string, Map<string, string>>

const isTestSupport = (file: string) => file.endsWith('.test.ts') || path.basename(file) === 'testkit.ts'

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name)
    if (e.isDirectory()) return sources(file)
    return e.name.endsWith('.ts') && !isTestSupport(file) ? [file] : []
  })
}

/** The module a file of the server's sources belongs to (modules/<name>/...), or null. */
function moduleOf(file: string): string | null {
  const [first, ...rest] = path.relative(MODULES, file).split(path.sep)
  return first && first !== '..' && rest.length > 0 ? first : null
}

function moduleGraph(): ModuleGraph {
  const graph: ModuleGraph = new Map()
  for (const file of sources(MODULES)) {
    // modules/index.ts, the list app.ts mounts, belongs to no module
    const from = moduleOf(file)
    if (!from) continue
    if (!graph.has(from)) graph.set(from, new Map())
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue
      const to = moduleOf(path.resolve(path.dirname(file), fileName))
      if (to && to !== from && !graph.get(from)!.has(to)) graph.get(from)!.set(to, `${path.relative(SRC, file)} imports ${fileName}`)
    }
  }
  return graph
}

/** A cycle of the graph as the list of its modules, the first repeated at the end; null when there is none. */
function findCycle(graph: ModuleGraph): string[] | null {
  const done = new Set<string>()
  const trail: string[] = []
  const onTrail = new Set<string>()
  const visit = (node: string): string[] | null => {
    if (onTrail.has(node)) return [...trail.slice(trail.indexOf(node)), node]
    if (done.has(node)) return null
    trail.push(node)
    onTrail.add(node)
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    trail.pop()
    onTrail.delete(node)
    done.add(node)
    return null
  }
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return null
}

/** The cycle with the import that makes each of its edges. */
const describeCycle = (graph: ModuleGraph, cycle: string[]) =>
  cycle
    .slice(0, -1)
    .map((from, i) => `${from} → ${cycle[i + 1]} (${graph.get(from)!.get(cycle[i + 1])})`)
    .join('\n')

const graphOf = (edges: Record<string, string[]>): ModuleGraph =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from}/x.ts imports ../${to}/index.ts`]))]))

test('the cycle finder finds a cycle, and only a cycle', () => {
  expect(findCycle(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toBeNull()
  expect(findCycle(graphOf({ a: ['b'], b: ['c'], c: ['a'] }))).toEqual(['a', 'b', 'c', 'a'])
  expect(findCycle(graphOf({ a: ['b'], b: ['c'], c: ['b'], d: [] }))).toEqual(['b', 'c', 'b'])
})

test('the modules import each other without a cycle', () => {
  const graph = moduleGraph()
  // The graph read is the real one: every module is in it, and modules do use each other.
  expect(graph.size).toBe(readdirSync(MODULES, { withFileTypes: true }).filter((e) => e.isDirectory()).length)
  expect([...graph.values()].reduce((n, edges) => n + edges.size, 0)).toBeGreaterThan(10)
  const cycle = findCycle(graph)
  expect(cycle && `module cycle ${cycle.join(' → ')}:\n${describeCycle(graph, cycle)}`).toBeNull()
})
