import type { Rule } from 'eslint'

declare const plugin: { meta: { name: string }; rules: { layers: Rule.RuleModule; 'unit-tx-only': Rule.RuleModule } }
export default plugin
export function layerOf(file: string): { layer: 'core' | 'adapters' | 'plugins' | 'modules' | 'app'; module?: string; entry?: boolean } | null
