import { mergeConfig, type Plugin } from 'vite';
import base from '../vite.config.ts';
import { writeFileSync } from 'node:fs';
const sizes = (): Plugin => ({
  name: 'sizes', apply: 'build',
  generateBundle(_o, bundle) {
    const out: Record<string, { size: number; modules: [string, number][] }> = {};
    for (const [f, c] of Object.entries(bundle)) if (c.type === 'chunk') out[f] = { size: c.code.length, modules: Object.entries(c.modules).map(([m, i]) => [m, i.renderedLength] as [string, number]).sort((a, b) => b[1] - a[1]) };
    writeFileSync('/tmp/lh11/sizes.json', JSON.stringify(out));
  },
});
export default mergeConfig(base, { plugins: [sizes()], build: { outDir: '/tmp/lh11/dist', emptyOutDir: true } });
