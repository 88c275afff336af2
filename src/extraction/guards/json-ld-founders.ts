import { nodesOf, organisations, textsOf, type JsonLdNode } from '../json-ld.ts';

/**
 * The founders an organisation's JSON-LD names: as text, as nodes with a name, or as references
 * ({"@id": "#jane"}) to a Person described elsewhere in the page's graph, as schema.org graphs
 * commonly link their nodes.
 */
export function jsonLdFounderNames(nodes: readonly JsonLdNode[]): string[] {
  const byId = new Map<string, JsonLdNode>();
  for (const node of nodes) if (typeof node['@id'] === 'string') byId.set(node['@id'], node);
  const names: string[] = [];
  for (const org of organisations(nodes as JsonLdNode[])) {
    for (const value of [org.founder, org.founders]) {
      names.push(...textsOf(value));
      for (const ref of nodesOf(value)) {
        const id = ref['@id'];
        const person = typeof id === 'string' && !('name' in ref) ? byId.get(id) : undefined;
        if (person) names.push(...textsOf(person.name));
      }
    }
  }
  return [...new Set(names)];
}
