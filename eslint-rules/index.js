// The project's own lint rules (eslint.config.js turns them on; packages/server/test/lint-rules.test.ts tests them).
//
// - layers: the server's layering (docs/architecture.md). Every file of packages/server/src belongs to
//   a layer, and a layer imports only what it may:
//     core      core/, config.ts, generated/         → core
//     adapters  adapters/<kind>/                      → core, adapters
//     plugins   plugins/                              → core, adapters, plugins
//     modules   modules/<name>/                       → core, adapters, its own files, another module's index.ts
//     app       app.ts, main.ts, worker.ts, jobs/, seed/ → anything, a module through its index.ts
// - unit-tx-only: the work of a unit of work (the function handed to runUnit, inUnit or idempotent) writes through its
//   `tx` and nothing else: no database client, Redis, queue or HTTP call of its own inside it (docs/architecture.md: no network
//   call inside a unit). Functions handed to `unit.afterCommit` run after the commit and are left alone.
import path from 'node:path'

const SERVER_SRC = path.resolve(import.meta.dirname, '../packages/server/src')

/** The layer of a file of the server's sources, with the module it belongs to; null outside them. */
export function layerOf(file) {
  const rel = path.relative(SERVER_SRC, file)
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null
  const [top, second] = rel.split(path.sep)
  if (top === 'core' || top === 'generated' || rel === 'config.ts' || rel === 'types.d.ts') return { layer: 'core' }
  if (top === 'adapters') return { layer: 'adapters' }
  if (top === 'plugins') return { layer: 'plugins' }
  // modules/index.ts, the list of the modules app.ts mounts, is the app's
  if (top === 'modules' && !second.endsWith('.ts')) return { layer: 'modules', module: second, entry: rel === path.join('modules', second, 'index.ts') }
  return { layer: 'app' }
}

const MAY_IMPORT = {
  core: ['core'],
  adapters: ['core', 'adapters'],
  plugins: ['core', 'adapters', 'plugins'],
  modules: ['core', 'adapters', 'modules'],
  app: ['core', 'adapters', 'plugins', 'modules', 'app'],
}

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'The server imports along its layers; another module only through its index.ts' },
    messages: {
      layer: '{{from}} may not import {{to}} ({{target}}): see the layers in eslint-rules/index.js',
      deep: '{{from}} may import modules/{{to}} only through modules/{{to}}/index.ts, not {{target}}',
    },
    schema: [],
  },
  create(context) {
    const from = layerOf(context.filename)
    if (!from) return {}
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const target = path.resolve(path.dirname(context.filename), source)
      const to = layerOf(target)
      if (!to) return
      const shown = path.relative(SERVER_SRC, target)
      if (!MAY_IMPORT[from.layer].includes(to.layer))
        return context.report({ node, messageId: 'layer', data: { from: from.layer, to: to.layer, target: shown } })
      if (to.layer === 'modules' && to.module !== from.module && !to.entry)
        context.report({ node, messageId: 'deep', data: { from: from.module ? `modules/${from.module}` : from.layer, to: to.module, target: shown } })
    }
    const literal = (node) => (node?.type === 'Literal' ? node.value : undefined)
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, literal(node.source)),
    }
  },
}

const UNIT_OPENERS = new Set(['runUnit', 'inUnit', 'idempotent'])
/** Members through which work reaches the database, Redis or a queue outside the unit's transaction. */
const OUTSIDE = new Set(['db', 'sql', 'redis', 'queues'])

const calleeName = (callee) => (callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : null)
const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression'

/** @type {import('eslint').Rule.RuleModule} */
const unitTxOnly = {
  meta: {
    type: 'problem',
    docs: { description: "A unit of work's work writes through its tx only: no network, Redis or second database call inside it" },
    messages: {
      outside: "'{{name}}' inside a unit's work: the unit writes through its tx only; do this before the unit, or after its commit (unit.afterCommit, a staged job)",
      fetch: 'a network call inside a unit of work: stage a job (unit.stage) and make the call in it',
    },
    schema: [],
  },
  create(context) {
    /** The functions being visited that are a unit's work or an afterCommit callback, innermost last. */
    const marks = []
    const works = new WeakSet()
    const later = new WeakSet()
    const enter = (node) => {
      if (works.has(node)) marks.push({ node, work: true })
      else if (later.has(node)) marks.push({ node, work: false })
    }
    const leave = (node) => {
      if (marks.at(-1)?.node === node) marks.pop()
    }
    const inWork = () => marks.at(-1)?.work === true
    return {
      CallExpression(node) {
        const name = calleeName(node.callee)
        if (name && UNIT_OPENERS.has(name)) {
          const work = node.arguments.at(-1)
          if (isFunction(work)) works.add(work)
        }
        if (name === 'afterCommit') for (const arg of node.arguments) if (isFunction(arg)) later.add(arg)
        if (inWork() && node.callee.type === 'Identifier' && node.callee.name === 'fetch') context.report({ node, messageId: 'fetch' })
      },
      ':function': enter,
      ':function:exit': leave,
      MemberExpression(node) {
        if (!inWork() || node.computed || node.property.type !== 'Identifier' || !OUTSIDE.has(node.property.name)) return
        context.report({ node, messageId: 'outside', data: { name: context.sourceCode.getText(node) } })
      },
    }
  },
}

export default { meta: { name: 'qshop' }, rules: { layers, 'unit-tx-only': unitTxOnly } }
