/**
 * Small graph helpers over dense integer nodes, shared by hex maps, zone maps and point-to-point maps.
 * A graph is its adjacency list: `adj[i]` lists the nodes reachable from node i in one step.
 */
export type Adjacency = readonly (readonly number[])[];

/** Steps from `source` to every node over nodes that `passable` admits; -1 where unreachable. */
export function bfsDistances(
  adj: Adjacency,
  source: number,
  passable: (n: number) => boolean = () => true,
): Int32Array {
  const dist = new Int32Array(adj.length).fill(-1);
  dist[source] = 0;
  const queue = [source];
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head]!;
    for (const v of adj[u]!) {
      if (dist[v] !== -1 || !passable(v)) continue;
      dist[v] = dist[u]! + 1;
      queue.push(v);
    }
  }
  return dist;
}

/**
 * Least total cost from `source` to every node, where entering node v costs `cost(u, v)`
 * (Infinity = impassable). Dijkstra with a binary heap; costs must be non-negative.
 */
export function shortestPaths(
  adj: Adjacency,
  source: number,
  cost: (from: number, to: number) => number,
): { dist: Float64Array; prev: Int32Array } {
  const n = adj.length;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const prev = new Int32Array(n).fill(-1);
  dist[source] = 0;
  const heap: [number, number][] = [[0, source]];
  const push = (item: [number, number]) => {
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heap[p]![0] <= item[0]) break;
      heap[i] = heap[p]!;
      i = p;
    }
    heap[i] = item;
  };
  const pop = (): [number, number] => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= heap.length) break;
        const r = l + 1;
        const c = r < heap.length && heap[r]![0] < heap[l]![0] ? r : l;
        if (heap[c]![0] >= last[0]) break;
        heap[i] = heap[c]!;
        i = c;
      }
      heap[i] = last;
    }
    return top;
  };
  while (heap.length > 0) {
    const [d, u] = pop();
    if (d > dist[u]!) continue;
    for (const v of adj[u]!) {
      const w = cost(u, v);
      if (!(w < Number.POSITIVE_INFINITY)) continue;
      const nd = d + w;
      if (nd < dist[v]!) {
        dist[v] = nd;
        prev[v] = u;
        push([nd, v]);
      }
    }
  }
  return { dist, prev };
}

/** The node sequence from the source to `target` recorded in `prev`, or [] when unreachable. */
export function pathTo(prev: Int32Array, source: number, target: number): number[] {
  if (target !== source && prev[target] === -1) return [];
  const path = [target];
  for (let v = target; v !== source; ) {
    v = prev[v]!;
    path.push(v);
  }
  return path.reverse();
}

/** Component label per node (-1 for nodes `member` rejects) and the number of components. */
export function connectedComponents(
  adj: Adjacency,
  member: (n: number) => boolean = () => true,
): { label: Int32Array; count: number } {
  const label = new Int32Array(adj.length).fill(-1);
  let count = 0;
  for (let s = 0; s < adj.length; s++) {
    if (label[s] !== -1 || !member(s)) continue;
    label[s] = count;
    const stack = [s];
    while (stack.length > 0) {
      const u = stack.pop()!;
      for (const v of adj[u]!) {
        if (label[v] === -1 && member(v)) {
          label[v] = count;
          stack.push(v);
        }
      }
    }
    count++;
  }
  return { label, count };
}
