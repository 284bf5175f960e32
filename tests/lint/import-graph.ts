import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The project's own import graph, type-only imports included. import-x/no-cycle skips `import type` edges by
 * design (they vanish at run time), but a type-only cycle is still two modules that cannot be understood, moved
 * or owned apart, so the tree is held to no cycles of either kind.
 */
export function importGraph(files: readonly string[], options: ts.CompilerOptions): Map<string, Set<string>> {
  const inProject = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const edges = new Set<string>();
    // preProcessFile reads static, re-export, dynamic and `import('x').T` specifiers without type-checking.
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
      const target = resolved && path.resolve(resolved.resolvedFileName);
      if (target && inProject.has(target) && target !== file) edges.add(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Each group of modules that reach one another (Tarjan's strongly connected components), larger than one. */
export function importCycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** "a.ts imports b.ts" for every edge inside a cycle, so a failure says which import to move. */
export function describeCycle(graph: Map<string, Set<string>>, cycle: string[], root: string): string[] {
  const members = new Set(cycle);
  return cycle.flatMap((from) =>
    [...(graph.get(from) ?? [])]
      .filter((to) => members.has(to))
      .map((to) => `${path.relative(root, from)} imports ${path.relative(root, to)}`),
  );
}

/** The files tsconfig.json includes, as tsc sees them. */
export function projectFiles(root: string): { files: string[]; options: ts.CompilerOptions } {
  const configPath = path.join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file)) as { config: unknown };
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
  return { files: parsed.fileNames.map((file) => path.resolve(file)), options: parsed.options };
}
