// `pnpm build:server`: the compiled JavaScript that production runs (`pnpm start`, the Docker image) instead of
// TypeScript through tsx. esbuild bundles scripts/start.ts, packages/server/src/main.ts and worker.ts, with every
// module they load (the migrate and seed steps of start, the shared package's TypeScript, Prisma's generated client
// and its runtime), into packages/server/dist (`pnpm build` runs it after the web app's build); chunks shared by the
// three entries, and the parts loaded only when used (the seed, China's areas, Prisma's query compiler), are separate
// files. Other packages stay imports, resolved at run time from packages/server/node_modules: each must be one of the
// server package's dependencies (checked here), since the image installs those alone. Source maps beside each file:
// run with `node --enable-source-maps` and stack traces name the .ts files and lines.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
export const SERVER_DIST = path.join(root, 'packages/server/dist')

const relative = (outdir: string, file: string) => path.relative(outdir, file).split(path.sep).join('/')

/**
 * `import.meta.dirname` and `import.meta.url` keep naming each module's source file: the code finds the repository
 * from them (the migrations, the web app's dist, `.env`) and runs a script's command line only when it is the file
 * run (`isMain` in scripts/migrate.ts). Each becomes the source's place relative to the output file the module lands
 * in (every output file is in the one folder), so the build may move with the repository (from one Docker stage to
 * another).
 */
const sourcePlaces = (outdir: string): esbuild.Plugin => ({
  name: 'source-places',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      const code = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.dirname', `__qshopSourceDir(${JSON.stringify(relative(outdir, path.dirname(args.path)))})`)
        .replaceAll('import.meta.url', `__qshopSourceUrl(${JSON.stringify(relative(outdir, args.path))})`)
      return { contents: code, loader: 'ts' }
    })
  },
})

/** The server package's dependencies: what the image installs (`pnpm install --prod`). */
function serverDependencies(): Set<string> {
  const pkg = JSON.parse(readFileSync(path.join(root, 'packages/server/package.json'), 'utf8')) as { dependencies: Record<string, string> }
  return new Set(Object.keys(pkg.dependencies))
}

/** A bare import's package name: `@scope/name` or `name`. */
const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')

/**
 * Compiled in rather than imported at run time: the workspace's own TypeScript (@qshop/shared); Prisma's client
 * runtime, which the generated client (packages/server/src/generated/prisma) loads — installed, it would bring its
 * optional peer, the prisma CLI with its studio, into the image; and JSON data (China's areas, loaded at seed time
 * only, from a dev dependency).
 */
const COMPILED_IN = ['@qshop/', '@prisma/client/', '@prisma/client-runtime-utils']

/** Every other package stays an import, resolved at run time from packages/server/node_modules. */
function externals(missing: Set<string>): esbuild.Plugin {
  const deps = serverDependencies()
  return {
    name: 'externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { external: true }
        if (COMPILED_IN.some((p) => args.path.startsWith(p)) || args.path.endsWith('.json')) return undefined
        if (!deps.has(packageName(args.path))) missing.add(`${packageName(args.path)} (imported by ${path.relative(root, args.importer)})`)
        return { external: true }
      })
    },
  }
}

/** Builds into packages/server/dist, or another folder inside packages/server (tests: the packages resolve from there). */
export async function buildServer(outdir = SERVER_DIST): Promise<{ files: number; ms: number }> {
  const started = performance.now()
  rmSync(outdir, { recursive: true, force: true })
  const missing = new Set<string>()
  const result = await esbuild.build({
    entryPoints: {
      start: path.join(root, 'scripts/start.ts'),
      main: path.join(root, 'packages/server/src/main.ts'),
      worker: path.join(root, 'packages/server/src/worker.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: '[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    // Stack traces need the names and lines only; the .ts sources are beside the build in a checkout.
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    banner: {
      js: [
        "import { fileURLToPath as __qshopFileURLToPath } from 'node:url';",
        // for the CommonJS files compiled in (Prisma's runtime), whose require() of Node's modules stays a call
        "import { createRequire as __qshopCreateRequire } from 'node:module';",
        'const require = __qshopCreateRequire(import.meta.url);',
        'const __qshopSourceUrl = (rel) => new URL(rel, import.meta.url).href;',
        'const __qshopSourceDir = (rel) => __qshopFileURLToPath(new URL(rel, import.meta.url));',
      ].join('\n'),
    },
    plugins: [sourcePlaces(outdir), externals(missing)],
  })
  if (missing.size)
    throw new Error(`the compiled server imports packages that are not dependencies of packages/server (the image installs those alone):\n  ${[...missing].join('\n  ')}`)
  return { files: Object.keys(result.metafile.outputs).length, ms: Math.round(performance.now() - started) }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { files, ms } = await buildServer()
  console.log(`server built: ${files} files in ${path.relative(root, SERVER_DIST)} (${ms} ms)`)
  if (!existsSync(path.join(SERVER_DIST, 'start.js'))) process.exit(1)
}
